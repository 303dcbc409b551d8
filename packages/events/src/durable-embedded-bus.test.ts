import assert from "node:assert/strict";
import { waitFor } from "@starling/testkit";
import { databaseFor, type Database } from "@starling/db";
import { runEventBusContract } from "./contract.ts";
import { openBusStore } from "./embedded-bus-store.ts";
import { createEmbeddedBus, type EmbeddedBus } from "./embedded-bus.ts";
import type { EventEnvelope } from "./event-bus.ts";
import { OUTBOX_TABLE, enqueueEvents, newEnvelope, outboxMigration } from "./outbox.ts";
import { createOutboxRelay } from "./outbox-relay.ts";
import { describeOnDatabases } from "./test-databases.ts";

const TOPIC = "starling.test.v1";
const event = (key: string, n: number) => newEnvelope({ type: "test.happened", source: "test", key, payload: Buffer.from(String(n)) });
const count = async (db: Database, table: string) => Number((await db.table(table).count({ n: "*" }))[0]!.n);

describeOnDatabases("durable embedded bus", (fixture) => {
  runEventBusContract("embedded, durable", async () => createEmbeddedBus({ store: fixture.freshDatabase([]).then(openBusStore) }));

  let db: Database;
  // The bus has a schema of its own beside the publishing service's, as in an embedded server.
  let busDb: Database;
  let buses: EmbeddedBus[];
  // A bus on the same database, as a process restarted on the same DATA_DIR opens it.
  const open = () => {
    const bus = createEmbeddedBus({ store: openBusStore(busDb) });
    buses.push(bus);
    return bus;
  };
  const collect = async (bus: EmbeddedBus, group: string, seen: EventEnvelope[]) => bus.subscribe({ topics: [TOPIC], group, handler: async (e) => void seen.push(e) });

  beforeEach(async () => {
    db = await fixture.freshDatabase([outboxMigration]);
    busDb = databaseFor(db.knex, `${db.schema}_bus`);
    buses = [];
  });
  afterEach(async () => {
    await Promise.allSettled(buses.map((bus) => bus.close()));
  });

  it("delivers after a crash the events a consumer had not finished handling", async () => {
    // The process "dies" in the middle of a handler: it is never closed, nothing of it is flushed.
    const crashed = createEmbeddedBus({ store: openBusStore(busDb) });
    let handling = 0;
    await crashed.subscribe({ topics: [TOPIC], group: "timelines", handler: () => ((handling++, new Promise(() => {}))) });
    const sent = [event("a", 1), event("a", 2)];
    await crashed.publish(TOPIC, sent);
    await waitFor(() => handling === 1, { what: "the first delivery in hand" });

    const seen: EventEnvelope[] = [];
    const restarted = open();
    await collect(restarted, "timelines", seen);
    await waitFor(() => seen.length === 2, { what: "both events after the restart" });
    assert.deepEqual(seen.map((e) => e.id), sent.map((e) => e.id));
  });

  it("resumes a group where it committed, and drops messages every group has passed", async () => {
    const first = open();
    const before: EventEnvelope[] = [];
    await collect(first, "reader", before);
    await first.publish(TOPIC, [event("a", 1), event("b", 2), event("c", 3)]);
    await waitFor(() => before.length === 3, { what: "three events" });
    await first.close();
    assert.equal(await count(busDb, "messages"), 0);

    const after: EventEnvelope[] = [];
    const second = open();
    await collect(second, "reader", after);
    const late = event("a", 4);
    await second.publish(TOPIC, [late]);
    await waitFor(() => after.length === 1, { what: "the new event" });
    await second.drain();
    assert.deepEqual(after.map((e) => e.id), [late.id]);
  });

  it("keeps messages for a known group until it subscribes again after a restart", async () => {
    const first = open();
    await collect(first, "quick", []);
    const slow = await collect(first, "slow", []);
    await slow.stop();
    const sent = [event("k", 1), event("k", 2)];
    await first.publish(TOPIC, sent);
    await first.drain();
    await first.close();

    const seen: EventEnvelope[] = [];
    await collect(open(), "slow", seen);
    await waitFor(() => seen.length === 2, { what: "the slow group's backlog" });
    assert.deepEqual(seen.map((e) => e.id), sent.map((e) => e.id));
  });

  it("keeps nothing for a transient group, whose process never comes back under that name", async () => {
    const crashed = createEmbeddedBus({ store: openBusStore(busDb) });
    const seen: EventEnvelope[] = [];
    await collect(crashed, "durable", seen);
    // A per-replica group (a cache invalidation) that was stuck on the event when the process died.
    await crashed.subscribe({ topics: [TOPIC], group: "replica-1", transient: true, handler: () => new Promise(() => {}) });
    await crashed.publish(TOPIC, [event("a", 1)]);
    await waitFor(() => seen.length === 1, { what: "the durable group's delivery" });

    const restarted = open();
    await collect(restarted, "durable", []);
    await restarted.publish(TOPIC, [event("a", 2)]);
    await restarted.drain();
    await restarted.close();
    assert.equal(await count(busDb, "messages"), 0);
  });

  it("moves outbox rows to the bus in the relay's transaction, and delivers nothing a rolled-back transaction published", async () => {
    const bus = open();
    const seen: EventEnvelope[] = [];
    await collect(bus, "reader", seen);
    await assert.rejects(
      db.transaction(async (trx) => {
        await bus.publish(TOPIC, [event("x", 0)], { transaction: trx });
        throw new Error("rolled back");
      }),
    );
    const kept = [event("x", 1), event("y", 2)];
    await db.transaction((trx) => enqueueEvents(db, trx, kept.map((envelope) => ({ topic: TOPIC, envelope }))));
    assert.equal(await createOutboxRelay({ db: db, bus }).publishBatch(), 2);
    await waitFor(() => seen.length === 2, { what: "the relayed events" });
    await bus.drain();
    assert.deepEqual(seen.map((e) => e.id).sort(), kept.map((e) => e.id).sort());
    assert.equal(await count(db, OUTBOX_TABLE), 0);
  });
});
