/**
 * The database port every service uses: one PostgreSQL schema per service, reached through knex.
 * The same interface runs on a pool per service (production) and on one pool shared by all services
 * of the embedded run, so table names are always schema-qualified by this API and never resolved
 * through `search_path`, which would be one setting on connections several services share.
 */
import type { Knex } from "knex";

/** The transaction handle `Database.transaction` passes to its callback, for code that does not import knex. */
export type Transaction = Knex.Transaction;

/** A service's view of its own schema. */
export interface Database {
  /**
   * The root knex. In embedded mode several services share it, so prefer {@link Database.table};
   * inside {@link Database.transaction} query through the transaction, never through this.
   */
  readonly knex: Knex;
  /** The PostgreSQL schema this service owns, named after the service ("accounts", "statuses"). */
  readonly schema: string;
  /**
   * A query builder on `schema.name`, run on `trx` when given. Inside a transaction pass it: a query
   * on the root knex runs on another connection, outside the transaction.
   */
  table(name: string, trx?: Knex.Transaction): Knex.QueryBuilder;
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (trx: Knex.Transaction) => Promise<T>): Promise<T>;
  /**
   * Creates the schema if needed and runs the migrations not yet applied, in list order, each in a
   * transaction. Bookkeeping lives in `schema.knex_migrations`. Returns the names it ran ([] when
   * up to date).
   */
  migrate(migrations: readonly Migration[]): Promise<string[]>;
  /** Resolves when the database answers `select 1`; readiness probes call it. */
  ping(): Promise<void>;
  /** Destroys the knex when this Database owns it; a shared knex is left to whoever opened it. */
  close(): Promise<void>;
}

/**
 * One step of a service's schema history. Services export an explicit ordered list of these (no
 * directory scanning), so the order is code, reviewed and typed.
 */
export interface Migration {
  /** Unique and stable forever once released, e.g. "0001_create_accounts". */
  name: string;
  /**
   * Applies the step. `knex` is the migration's transaction; create tables with
   * `knex.schema.withSchema(schema)` and qualify raw SQL with `schema`.
   */
  up(knex: Knex, schema: string): Promise<void>;
  /** Reverts the step, when it can be reverted. */
  down?(knex: Knex, schema: string): Promise<void>;
}
