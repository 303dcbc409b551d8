import { join } from "node:path";
import type { Knex } from "knex";
import type { Database, Migration } from "./database.ts";
import { openPglite } from "./open-pglite.ts";
import { openPostgres } from "./open-postgres.ts";
import { schemaMigrationSource } from "./schema-migration-source.ts";
import { runInTransactionScope } from "./transaction-scope.ts";

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
    transaction: (fn) => knex.transaction((trx) => runInTransactionScope(knex, () => fn(trx))),
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
  /** PostgreSQL URL; when set, the service gets its own pool on that server. */
  url?: string;
  /** Without `url`: the embedded database lives in `<dataDir>/pglite`. */
  dataDir?: string;
  /** The service's schema, named after it. */
  schema: string;
  /** Pool size on PostgreSQL (ignored by PGlite, which has one connection). */
  poolMax?: number;
}

/**
 * Opens a {@link Database} that owns its knex: PostgreSQL when `url` is given, otherwise PGlite
 * under `dataDir`. For several services in one process on PGlite, open the knex once with
 * `openPglite` and call {@link databaseFor} per service instead.
 */
export async function createDatabase(options: CreateDatabaseOptions): Promise<Database> {
  const { url, dataDir, schema } = options;
  if (url) {
    const poolOptions = { applicationName: `starling-${schema}`, ...(options.poolMax ? { poolMax: options.poolMax } : {}) };
    return databaseFor(openPostgres(url, poolOptions), schema, { owned: true });
  }
  if (!dataDir) throw new Error("createDatabase needs a url (PostgreSQL) or a dataDir (embedded PGlite)");
  return databaseFor(await openPglite(join(dataDir, "pglite")), schema, { owned: true });
}
