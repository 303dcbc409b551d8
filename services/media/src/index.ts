export * from "./config.ts";
export * from "./service.ts";
export { mediaMigrations } from "../migrations/index.ts";
