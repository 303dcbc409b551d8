export * from "./config.ts";
export * from "./service.ts";
export { statusesMigrations } from "../migrations/index.ts";
export { SHORTCODE_PATTERN } from "./domain/custom-emoji.ts";
