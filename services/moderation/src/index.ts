export * from "./config.ts";
export * from "./service.ts";
export { moderationMigrations } from "../migrations/index.ts";
export { SETTING_KEYS } from "./domain/instance-settings.ts";
