export * from "./config.ts";
export * from "./service.ts";
export { accountsMigrations } from "../migrations/index.ts";
