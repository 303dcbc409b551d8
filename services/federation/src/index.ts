export * from "./config.ts";
export * from "./service.ts";
export { federationMigrations } from "../migrations/index.ts";
