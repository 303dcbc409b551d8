export * from "./config.ts";
export * from "./service.ts";
export { moderationMigrations } from "../migrations/index.ts";
