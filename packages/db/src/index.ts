/**
 * @starling/db: the database port. One PostgreSQL schema per service, on a real PostgreSQL pool or on
 * one embedded PGlite database shared by every service of the process.
 */
export type { Database, Migration, Transaction } from "./database.ts";
export { databaseFor, createDatabase } from "./create-database.ts";
export type { DatabaseForOptions, CreateDatabaseOptions } from "./create-database.ts";
export { openPostgres } from "./open-postgres.ts";
export type { OpenPostgresOptions } from "./open-postgres.ts";
export { openPglite } from "./open-pglite.ts";
export { sharedPgliteSchema } from "./shared-pglite.ts";
