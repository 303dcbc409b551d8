export * from "./config.ts";
export * from "./service.ts";
export { timelinesMigrations } from "../migrations/index.ts";
