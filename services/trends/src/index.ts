export * from "./config.ts";
export * from "./service.ts";
export { trendsMigrations } from "../migrations/index.ts";
