import { createRequire } from "node:module";
import knex from "knex";
import type { Knex } from "knex";

/** Options for {@link openPostgres}. */
export interface OpenPostgresOptions {
  /** Most connections this pool opens (default 10). Size it per service and per replica. */
  poolMax?: number;
  /** Shown in `pg_stat_activity`, so a DBA can tell which service holds a connection. */
  applicationName?: string;
}

type TypeParser = (value: string) => unknown;
interface PgTypes {
  getTypeParser(oid: number, format?: string): TypeParser;
}

// pg has no bundled types and @types/pg is not a dependency; we need only its default parsers.
const pgTypes = (createRequire(import.meta.url)("pg") as { types: PgTypes }).types;

const asText: TypeParser = (value) => value;
const textArray = 1009;
/** int8, numeric and their arrays exceed a JS number: read them as text, like text[] for arrays. */
const overrides = new Map<number, () => TypeParser>([
  [20, () => asText],
  [1700, () => asText],
  [1016, () => pgTypes.getTypeParser(textArray)],
  [1231, () => pgTypes.getTypeParser(textArray)],
]);

/**
 * Per-pool type parsers: int8 and numeric stay strings (ids are strings everywhere in Starling).
 * That is pg's default already, but `pg.defaults.parseInt8 = true` anywhere in the process would
 * change it globally; parsers scoped to this pool cannot be changed from outside.
 */
const types: PgTypes = {
  getTypeParser: (oid, format) => {
    const override = format === "binary" ? undefined : overrides.get(oid);
    return override ? override() : pgTypes.getTypeParser(oid, format);
  },
};

/**
 * Opens a knex pool on a real PostgreSQL server (driver "pg"). Connections are opened lazily, so
 * this does not fail on an unreachable server; call `ping` for that.
 */
export function openPostgres(url: string, options: OpenPostgresOptions = {}): Knex {
  return knex({
    client: "pg",
    connection: {
      connectionString: url,
      types,
      ...(options.applicationName ? { application_name: options.applicationName } : {}),
    },
    // min 0: an idle service holds no connections, which matters with one pool per service.
    pool: { min: 0, max: options.poolMax ?? 10 },
  });
}
