import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { uniqueName } from "@starling/testkit";
import type { Knex } from "knex";
import { runDatabaseContract, contractMigrations } from "./contract.ts";
import { createDatabase, databaseFor } from "./create-database.ts";
import { openPglite } from "./open-pglite.ts";

describe("PGlite adapter", function () {
  let dataDir: string;
  let knex: Knex;

  // Creating a fresh PGlite directory takes several seconds, so the file opens one and every test
  // works in its own schema.
  before(async function () {
    this.timeout(120_000);
    dataDir = await mkdtemp(join(tmpdir(), "starling-db-"));
    knex = await openPglite(join(dataDir, "pglite"));
  });

  after(async function () {
    await knex?.destroy();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("keeps committed rows after the directory is closed and opened again", async function () {
    const schema = uniqueName("persist");
    const db = databaseFor(knex, schema);
    await db.migrate(contractMigrations);
    await db.table("notes").insert({ body: "survives", data: { kept: true } });
    await knex.destroy();

    const reopened = await createDatabase({ dataDir, schema });
    try {
      assert.deepEqual(await reopened.table("notes").select("body", "data"), [{ body: "survives", data: { kept: true } }]);
      assert.deepEqual(await reopened.migrate(contractMigrations), []);
    } finally {
      await reopened.close();
      knex = await openPglite(join(dataDir, "pglite"));
    }
  });

  it("rejects at once a root-knex query from inside a transaction instead of hanging", async function () {
    this.timeout(5_000); // knex's own acquire timeout is 60 s; the guard must answer well before
    const db = databaseFor(knex, uniqueName("guard"));
    await db.migrate(contractMigrations);
    await assert.rejects(
      db.transaction(async (trx) => {
        await db.table("notes", trx).insert({ body: "inside" });
        await db.table("notes").select("id");
      }),
      /single connection/,
    );
    assert.deepEqual(await db.table("notes").pluck("body"), [], "the failed transaction rolled back");
    await db.table("notes").insert({ body: "after" });
  });

  runDatabaseContract("PGlite", async (schema) => databaseFor(knex, schema));
});
