import { mkdir } from "node:fs/promises";
import { PGlite, types } from "@electric-sql/pglite";
import knex from "knex";
import type { Knex } from "knex";
import ClientPgLite from "knex-pglite";
import { guardSingleConnection } from "./transaction-scope.ts";

/** Keep int8 and numeric as text, as pg does, so both adapters hand ids to services as strings. */
const parsers = {
  [types.INT8]: (value: string) => value,
  [types.NUMERIC]: (value: string) => value,
};

/**
 * Opens (creating if needed) an embedded PostgreSQL (PGlite, WASM) persisted in `dataDir`, behind a
 * knex on its single connection. Every service of the embedded process shares the returned knex,
 * each through its own schema: a second knex on the same PGlite would interleave its queries inside
 * the first one's transactions.
 *
 * Costs: creating a fresh directory takes several seconds and briefly close to 1 GiB of memory;
 * reopening takes about 0.3 s. Open it once per process. Never open one directory from two
 * processes at once: PGlite does not lock it.
 *
 * Because there is one connection, knex's pool is fixed at min 1, max 1 (knex-pglite enforces it),
 * so queries queue and a transaction holds the connection until it ends. A query on the root knex
 * from inside one of its transactions is rejected at once rather than left waiting forever.
 */
export async function openPglite(dataDir: string): Promise<Knex> {
  await mkdir(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir, { parsers });
  const instance = knex({
    client: ClientPgLite,
    // knex-pglite's way to take an instance we configured; untyped on its side.
    connection: (() => ({ pglite })) as unknown as Knex.StaticConnectionConfig,
  });
  guardSingleConnection(instance);
  return instance;
}
