import assert from "node:assert/strict";
import type { Database, Migration } from "@starling/db";
import { encodePayload, TOPICS, type EventHandlers, type EventType, type PayloadOf } from "./catalog.ts";
import { consumeEvents, type InboxTransaction } from "./consume-events.ts";
import { createEmbeddedBus, type EmbeddedBus } from "./embedded-bus.ts";
import { INBOX_TABLE, inboxMigration } from "./inbox.ts";
import { newEnvelope } from "./outbox.ts";
import { describeOnDatabases } from "./test-databases.ts";

// The handlers' own state: one row per followed account, which double-processing would duplicate.
const follows: Migration = {
  name: "0001_follows",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("follows", (t) => {
      t.increments("id");
      t.text("target").notNullable();
    });
  },
};

const event = <T extends EventType>(type: T, key: string, payload: PayloadOf<T>) =>
  newEnvelope({ type, source: "test", key, payload: encodePayload(type, payload) });
const followAccepted = (target: string) => event("follow.accepted", "1", { followId: target, accountId: "1", targetAccountId: target, showReblogs: true, notify: false });
const followRemoved = (target: string) => event("follow.removed", "1", { accountId: "1", targetAccountId: target });
const rows = async (db: Database, table: string, where: object = {}) => Number((await db.table(table).where(where).count({ n: "*" }))[0]!.n);

describeOnDatabases("consumeEvents", (fixture) => {
  let db: Database;
  let bus: EmbeddedBus;
  beforeEach(async () => {
    db = await fixture.freshDatabase([inboxMigration, follows]);
    bus = createEmbeddedBus({ chaos: { duplicate: true, reorder: "all" } });
  });
  afterEach(async () => {
    await bus.close();
  });

  it("hands each handler its event's decoded payload and a context made for the message, and runs `after` only for handled types", async () => {
    const finished: string[][] = [];
    const handlers: EventHandlers<string[]> = { "follow.accepted": async (p, _e, log) => void log.push(p.targetAccountId) };
    await consumeEvents(bus, { topics: [TOPICS.accounts], group: "plain", fromBeginning: true, handlers, context: () => [] as string[], after: (log) => void finished.push(log) });
    await bus.publish(TOPICS.accounts, [followAccepted("2"), followRemoved("2")]);
    await bus.drain();
    // Delivered twice on purpose, with no inbox: both deliveries reach the handler.
    assert.deepEqual(finished, [["2"], ["2"]]);
  });

  it("runs inbox handlers once per event in the inbox transaction, and ignored types leave no row", async () => {
    const handlers: EventHandlers<{ db: Database } & InboxTransaction> = {
      "follow.accepted": async (p, _e, { db, trx }) => void (await db.table("follows", trx).insert({ target: p.targetAccountId })),
    };
    await consumeEvents(bus, { topics: [TOPICS.accounts], group: "once", fromBeginning: true, handlers, context: () => ({ db }), inbox: { db } });
    await bus.publish(TOPICS.accounts, [followAccepted("2"), followAccepted("3"), followRemoved("2")]);
    await bus.drain();
    assert.equal(await rows(db, "follows"), 2);
    assert.equal(await rows(db, INBOX_TABLE, { consumer: "once" }), 2);
  });

  it("records ignored types too when asked, and runs several maps in order in one transaction", async () => {
    const order: string[] = [];
    const first: EventHandlers<{ db: Database } & InboxTransaction> = { "follow.accepted": async () => void order.push("first") };
    const second: EventHandlers<{ db: Database } & InboxTransaction> = {
      "follow.accepted": async (p, _e, { db, trx }) => {
        order.push("second");
        await db.table("follows", trx).insert({ target: p.targetAccountId });
      },
    };
    await consumeEvents(bus, { topics: [TOPICS.accounts], group: "all", fromBeginning: true, handlers: [first, second], context: () => ({ db }), inbox: { db, recordUnhandled: true } });
    await bus.publish(TOPICS.accounts, [followAccepted("2"), followRemoved("2")]);
    await bus.drain();
    assert.deepEqual(order, ["first", "second"]);
    assert.equal(await rows(db, INBOX_TABLE, { consumer: "all" }), 2);
  });

  it("leaves a failing handler's event unrecorded, so the bus's retry runs it for real", async () => {
    let tries = 0;
    const handlers: EventHandlers<{ db: Database } & InboxTransaction> = {
      "follow.accepted": async (p, _e, { db, trx }) => {
        await db.table("follows", trx).insert({ target: p.targetAccountId });
        if (++tries === 1) throw new Error("down");
      },
    };
    const calm = createEmbeddedBus();
    try {
      await consumeEvents(calm, { topics: [TOPICS.accounts], group: "retry", fromBeginning: true, handlers, context: () => ({ db }), inbox: { db } });
      await calm.publish(TOPICS.accounts, [followAccepted("2")]);
      await calm.drain();
    } finally {
      await calm.close();
    }
    assert.equal(tries, 2);
    assert.equal(await rows(db, "follows"), 1);
  });
});
