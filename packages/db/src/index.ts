/**
 * @starling/db: the database port. One PostgreSQL schema per service, on a PostgreSQL server given by
 * URL or on one embedded PostgreSQL (started by this package under DATA_DIR) shared by every service
 * of the process.
 */
export type { Database, Migration, Transaction } from "./database.ts";
export { databaseFor, createDatabase } from "./create-database.ts";
export type { DatabaseForOptions, CreateDatabaseOptions } from "./create-database.ts";
export { openPostgres } from "./open-postgres.ts";
export type { OpenPostgresOptions } from "./open-postgres.ts";
export { startEmbeddedPostgres } from "./embedded-postgres.ts";
export type { EmbeddedPostgres, EmbeddedPostgresOptions } from "./embedded-postgres.ts";
export { embeddedTestSchema, testPostgresUrl, throwawayTestSchema, type TestCleanup } from "./test-server.ts";
