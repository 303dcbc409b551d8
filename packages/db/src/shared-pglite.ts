import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Knex } from "knex";
import { databaseFor } from "./create-database.ts";
import type { Database } from "./database.ts";
import { openPglite } from "./open-pglite.ts";

let shared: Promise<Knex> | undefined;

/**
 * A fresh schema named `schema` on one PGlite shared by the whole process (opened on first use in a
 * temporary directory, never closed), for test suites: each suite creating its own PGlite costs
 * seconds and a WebAssembly instance, and V8 has aborted processes that created and dropped many
 * of them ("Check failed: jit_page.has_value()"). Pass a unique name; drop the schema when done.
 */
export async function sharedPgliteSchema(schema: string): Promise<Database> {
  shared ??= mkdtemp(join(tmpdir(), "starling-pglite-")).then((dir) => openPglite(join(dir, "pglite")));
  return databaseFor(await shared, schema);
}
