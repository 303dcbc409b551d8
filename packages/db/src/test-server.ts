import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Knex } from "knex";
import { createDatabase, databaseFor } from "./create-database.ts";
import type { Database } from "./database.ts";
import { startEmbeddedPostgres } from "./embedded-postgres.ts";
import { openPostgres } from "./open-postgres.ts";

let server: Promise<string> | undefined;
let shared: Knex | undefined;

/**
 * The URL of one throwaway embedded PostgreSQL per test process, started on first use in a temporary
 * directory (about a second) and stopped and deleted when the process exits. Suites share it through
 * uniquely named schemas, as services share the embedded server of `pnpm start`.
 */
export function testPostgresUrl(): Promise<string> {
  server ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), "starling-pg-"));
    // Exit handlers run in registration order: the server's own (SIGINT) comes first, then this one
    // waits for its shutdown to finish, as mocha ends the process with process.exit.
    const pgData = join(dir, "data");
    const started = await startEmbeddedPostgres(pgData, { throwaway: true });
    process.on("exit", () => removeWhenStopped(dir, pgData));
    return started.url;
  })();
  return server;
}

/** A fresh schema named `schema` on the test process's embedded server; drop it when done. */
export async function embeddedTestSchema(schema: string): Promise<Database> {
  const url = await testPostgresUrl();
  shared ??= openPostgres(url, { poolMax: 20 });
  return databaseFor(shared, schema);
}

function removeWhenStopped(dir: string, pgData: string): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const deadline = Date.now() + 5_000;
  while (existsSync(join(pgData, "postmaster.pid")) && Date.now() < deadline) Atomics.wait(pause, 0, 0, 20);
  rmSync(dir, { recursive: true, force: true });
}

/** Where a test registers what to run when it stops: a service context's shutdown fits. */
export interface TestCleanup {
  add(phase: "stores", name: string, run: () => Promise<void>): void;
}

/**
 * A throwaway schema named `schema` (the caller makes it unique) for a test harness: on the
 * PostgreSQL server at `url` when given, else on the test process's embedded server; dropped and
 * closed when `cleanup` runs.
 */
export async function throwawayTestSchema(url: string | undefined, schema: string, cleanup: TestCleanup): Promise<Database> {
  const db = url ? await createDatabase({ url, schema }) : await embeddedTestSchema(schema);
  cleanup.add("stores", `test schema ${db.schema}`, async () => {
    await db.knex.raw("drop schema if exists ?? cascade", [db.schema]);
    await db.close();
  });
  return db;
}
