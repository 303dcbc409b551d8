import assert from "node:assert/strict";
import { uniqueName } from "@starling/testkit";
import { runDatabaseContract, contractMigrations } from "./contract.ts";
import { createDatabase } from "./create-database.ts";
import type { Database } from "./database.ts";

// Test configuration, not service configuration: scripts/postgres.sh url prints a throwaway server.
const url = process.env.DATABASE_URL;

describe("PostgreSQL adapter", function () {
  before(function () {
    // Real PostgreSQL is optional locally; CI starts one with scripts/postgres.sh and sets the URL.
    if (!url) this.skip();
  });

  it("lets a second transaction skip rows the first one holds locked", async function () {
    const db = await createDatabase({ url: url!, schema: uniqueName("skiplocked"), poolMax: 2 });
    try {
      await db.migrate(contractMigrations);
      await db.table("jobs").insert([{ id: "1" }, { id: "2" }]);
      const claim = (trx: Parameters<Database["table"]>[1]) =>
        db.table("jobs", trx).orderBy("id").limit(1).forUpdate().skipLocked().pluck("id");
      const seen = await db.transaction(async (first) => {
        const mine = await claim(first);
        const theirs = await db.transaction(claim);
        return [...mine, ...theirs];
      });
      assert.deepEqual(seen, ["1", "2"]);
    } finally {
      await db.knex.raw("drop schema if exists ?? cascade", [db.schema]);
      await db.close();
    }
  });

  runDatabaseContract("PostgreSQL", (schema) => createDatabase({ url: url!, schema, poolMax: 4 }));
});
