/**
 * The behaviour every adapter of the database port must show, as one mocha suite. Each adapter's
 * test file runs it with a factory; the suite makes its own uniquely named schemas and drops them.
 */
import assert from "node:assert/strict";
import { uniqueName } from "@starling/testkit";
import type { Knex } from "knex";
import { databaseFor } from "./create-database.ts";
import type { Database, Migration } from "./database.ts";

/** The schema history the contract migrates: a bigserial table with JSONB, and a work queue. */
export const contractMigrations: Migration[] = [
  {
    name: "0001_create_notes",
    up: (knex, schema) =>
      knex.schema.withSchema(schema).createTable("notes", (table) => {
        table.bigIncrements("id").primary();
        table.text("body").notNullable();
        table.jsonb("data");
      }),
  },
  {
    name: "0002_create_jobs",
    up: (knex, schema) =>
      knex.schema.withSchema(schema).createTable("jobs", (table) => {
        table.bigInteger("id").primary();
        table.text("state").notNullable().defaultTo("ready");
      }),
  },
];

/**
 * Registers the database contract suite named `name`; `make(schema)` opens a Database for a fresh
 * schema (closed by the suite afterwards).
 */
export function runDatabaseContract(name: string, make: (schema: string) => Promise<Database>): void {
  describe(`database contract: ${name}`, function () {
    const opened: Database[] = [];

    async function fresh(): Promise<Database> {
      const db = await make(uniqueName("contract"));
      opened.push(db);
      await db.migrate(contractMigrations);
      return db;
    }

    // A second service's schema on the same root knex, as in embedded mode.
    async function sibling(of: Database): Promise<Database> {
      const db = databaseFor(of.knex, uniqueName("contract"));
      opened.push(db);
      await db.migrate(contractMigrations);
      return db;
    }

    after(async function () {
      for (const db of opened) await db.knex.raw("drop schema if exists ?? cascade", [db.schema]);
      for (const db of opened) await db.close();
    });

    it("migrate creates the schema and its tables and reports the migrations it ran", async function () {
      const db = await make(uniqueName("contract"));
      opened.push(db);
      assert.deepEqual(await db.migrate(contractMigrations), ["0001_create_notes", "0002_create_jobs"]);
      const rows = await db.knex("information_schema.tables").where({ table_schema: db.schema }).pluck("table_name");
      assert.deepEqual([...rows].sort(), ["jobs", "knex_migrations", "knex_migrations_lock", "notes"]);
    });

    it("migrate run a second time runs nothing", async function () {
      const db = await fresh();
      assert.deepEqual(await db.migrate(contractMigrations), []);
    });

    it("two schemas on one knex keep same-named tables apart", async function () {
      const a = await fresh();
      const b = await sibling(a);
      await a.table("notes").insert({ body: "in a" });
      assert.deepEqual(await a.table("notes").pluck("body"), ["in a"]);
      assert.deepEqual(await b.table("notes").pluck("body"), []);
    });

    it("a transaction that throws leaves nothing behind", async function () {
      const db = await fresh();
      await assert.rejects(
        db.transaction(async (trx) => {
          await db.table("notes", trx).insert({ body: "doomed" });
          throw new Error("boom");
        }),
        /boom/,
      );
      assert.deepEqual(await db.table("notes").pluck("body"), []);
    });

    it("bigint ids come back as exact strings", async function () {
      const db = await fresh();
      const [note] = await db.table("notes").insert({ body: "x" }).returning("id");
      assert.equal(note.id, "1");
      const huge = "9007199254740993"; // 2^53 + 1: a JS number would round it
      await db.table("jobs").insert({ id: huge });
      assert.deepEqual(await db.table("jobs").pluck("id"), [huge]);
    });

    it("JSONB values round-trip", async function () {
      const db = await fresh();
      const data = { text: "hé ✓", n: 1.5, flag: true, none: null, list: [1, "two", { three: 3 }] };
      // pg sends a JS array as a PostgreSQL array, so JSON arrays at the top level go in as text.
      await db.table("notes").insert([{ body: "object", data }, { body: "array", data: JSON.stringify([1, 2]) }]);
      const rows = await db.table("notes").orderBy("id").select("body", "data");
      assert.deepEqual(rows, [{ body: "object", data }, { body: "array", data: [1, 2] }]);
      assert.deepEqual(await db.table("notes").whereRaw("data @> ?", [JSON.stringify({ flag: true })]).pluck("body"), ["object"]);
    });

    it("SELECT ... FOR UPDATE SKIP LOCKED claims rows inside a transaction", async function () {
      const db = await fresh();
      await db.table("jobs").insert([{ id: "1" }, { id: "2" }, { id: "3" }]);
      const claimed = await db.transaction(async (trx) => {
        const ids: string[] = await db.table("jobs", trx).where({ state: "ready" }).orderBy("id").limit(2).forUpdate().skipLocked().pluck("id");
        await db.table("jobs", trx).whereIn("id", ids).update({ state: "done" });
        return ids;
      });
      assert.deepEqual(claimed, ["1", "2"]);
      assert.deepEqual(await db.table("jobs").where({ state: "ready" }).pluck("id"), ["3"]);
    });

    it("concurrent transactions in two schemas on one knex do not interleave", async function () {
      const a = await fresh();
      const b = await sibling(a);
      const work = (db: Database, body: string, fail: boolean) =>
        db.transaction(async (trx: Knex.Transaction) => {
          for (let i = 0; i < 5; i++) await db.table("notes", trx).insert({ body: `${body} ${i}` });
          const seen: string[] = await db.table("notes", trx).orderBy("id").pluck("body");
          if (fail) throw new Error(`${body} fails after seeing ${seen.length}`);
          return seen;
        });
      const [ra, rb] = await Promise.allSettled([work(a, "a", true), work(b, "b", false)]);
      // Interleaved on one connection, a's rollback would undo b's rows or b's commit keep a's.
      assert.equal(ra.status === "rejected" && (ra.reason as Error).message, "a fails after seeing 5");
      assert.deepEqual(rb.status === "fulfilled" && rb.value, ["b 0", "b 1", "b 2", "b 3", "b 4"]);
      assert.deepEqual(await a.table("notes").pluck("body"), []);
      assert.equal((await b.table("notes").pluck("body")).length, 5);
    });

    it("ping resolves on a reachable database", async function () {
      const db = await fresh();
      await db.ping();
    });
  });
}
