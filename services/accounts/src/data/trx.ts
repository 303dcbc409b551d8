import type { Migration, Transaction } from "@starling/db";

/** The transaction handle `Database.transaction` passes. */
export type Trx = Transaction;

/** The knex a migration step runs on. */
export type MigrationKnex = Parameters<Migration["up"]>[0];

/** Whether a query failed on a unique index (PostgreSQL error 23505), e.g. a lost race on a username. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";
}
