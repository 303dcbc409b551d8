import assert from "node:assert/strict";
import type { Knex } from "knex";
import type { Database, Migration } from "@starling/db";
import { createEmbeddedBus } from "./embedded-bus.ts";
import { INBOX_TABLE, handleOnce, inboxMigration } from "./inbox.ts";
import { newEnvelope } from "./outbox.ts";
import { describeOnDatabases } from "./test-databases.ts";

// A consumer's own state: a counter per key, which double-processing would visibly inflate.
const counters: Migration = {
  name: "0001_counters",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("counters", (t) => {
      t.text("key").primary();
      t.integer("n").notNullable();
    });
  },
};

const event = (key: string, n = 0) => newEnvelope({ type: "test.happened", source: "test", key, payload: Buffer.from(String(n)) });
const count = async (db: Database, table: string) => Number((await db.table(table).count({ n: "*" }))[0]!.n);

describeOnDatabases("inbox", (fixture) => {
  let db: Database;
  const bump = (key: string) => async (trx: Knex.Transaction) => {
    await db.table("counters", trx).insert({ key, n: 1 }).onConflict("key").merge({ n: db.knex.raw("?? + 1", ["counters.n"]) });
  };
  const counterOf = async (key: string) => Number((await db.table("counters").where({ key }).first())?.n ?? 0);

  beforeEach(async () => {
    db = await fixture.freshDatabase([inboxMigration, counters]);
  });

  it("processes a duplicated envelope once", async () => {
    const envelope = event("a");
    assert.equal(await handleOnce(db, "counter", envelope, bump("a")), true);
    assert.equal(await handleOnce(db, "counter", envelope, bump("a")), false);
    assert.equal(await counterOf("a"), 1);
  });

  it("lets each consumer process the same envelope once for itself", async () => {
    const envelope = event("a");
    assert.equal(await handleOnce(db, "counter", envelope, bump("a")), true);
    assert.equal(await handleOnce(db, "auditor", envelope, async () => {}), true);
    assert.equal(await count(db, INBOX_TABLE), 2);
  });

  it("forgets an envelope whose handling failed, so the retry really runs", async () => {
    const envelope = event("a");
    await assert.rejects(handleOnce(db, "counter", envelope, async () => Promise.reject(new Error("down"))));
    assert.equal(await handleOnce(db, "counter", envelope, bump("a")), true);
    assert.equal(await counterOf("a"), 1);
  });

  it("has exactly-once effects when the bus delivers every event twice and out of order", async () => {
    const bus = createEmbeddedBus({ chaos: { duplicate: true, reorder: "all" } });
    let deliveries = 0;
    await bus.subscribe({
      topics: ["t"],
      group: "counter",
      handler: async (envelope) => {
        deliveries++;
        await handleOnce(db, "counter", envelope, bump(envelope.key));
      },
    });
    const sent = Array.from({ length: 40 }, (_, n) => event(`k${n % 4}`, n));
    await bus.publish("t", sent);
    await bus.drain();
    await bus.close();
    assert.equal(deliveries, 80);
    for (const key of ["k0", "k1", "k2", "k3"]) assert.equal(await counterOf(key), 10, key);
    assert.equal(await count(db, INBOX_TABLE), 40);
  });
});
