export * from "./config.ts";
export * from "./service.ts";
export { accountsMigrations } from "../migrations/index.ts";
export { seededViewerRole } from "./domain/seeded-roles.ts";
