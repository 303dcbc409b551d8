import type { Knex } from "knex";
import type { Database, Migration } from "./database.ts";
import { openPostgres } from "./open-postgres.ts";
import { schemaMigrationSource } from "./schema-migration-source.ts";

/** Options for {@link databaseFor}. */
export interface DatabaseForOptions {
  /** When true, `close()` destroys `knex`; leave false for a knex shared by several services. */
  owned?: boolean;
}

// Schema names are spliced into DDL by knex's identifier quoting; a plain shape also keeps them
// portable to scripts, psql and logs.
const schemaShape = /^[a-z_][a-z0-9_]{0,62}$/;

/** A {@link Database} for `schema` on an already opened knex (shared in embedded mode). */
export function databaseFor(knex: Knex, schema: string, options: DatabaseForOptions = {}): Database {
  if (!schemaShape.test(schema)) throw new Error(`invalid schema name ${JSON.stringify(schema)}: use [a-z_][a-z0-9_]*`);
  return {
    knex,
    schema,
    table: (name, trx) => (trx ?? knex)(name).withSchema(schema),
    transaction: (fn) => knex.transaction(fn),
    migrate: (migrations) => migrate(knex, schema, migrations),
    ping: async () => {
      await knex.raw("select 1");
    },
    close: async () => {
      if (options.owned) await knex.destroy();
    },
  };
}

async function migrate(knex: Knex, schema: string, migrations: readonly Migration[]): Promise<string[]> {
  // knex's migrator expects the schema of its bookkeeping tables to exist already.
  await knex.raw("create schema if not exists ??", [schema]);
  const [, ran] = (await knex.migrate.latest({
    migrationSource: schemaMigrationSource(migrations, schema),
    schemaName: schema,
    tableName: "knex_migrations",
  })) as [number, string[]];
  return ran;
}

/** Options for {@link createDatabase}. */
export interface CreateDatabaseOptions {
  /** PostgreSQL URL; the service gets its own pool on that server. */
  url: string;
  /** The service's schema, named after it. */
  schema: string;
  /** Most connections of the pool. */
  poolMax?: number;
}

/**
 * Opens a {@link Database} that owns its pool on the PostgreSQL server at `url`. For several services
 * sharing one pool (the embedded run), open the knex once with `openPostgres` and call
 * {@link databaseFor} per service instead.
 */
export async function createDatabase(options: CreateDatabaseOptions): Promise<Database> {
  const poolOptions = { applicationName: `starling-${options.schema}`, ...(options.poolMax ? { poolMax: options.poolMax } : {}) };
  return databaseFor(openPostgres(options.url, poolOptions), options.schema, { owned: true });
}
