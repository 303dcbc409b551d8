import assert from "node:assert/strict";
import { waitFor } from "@starling/testkit";
import type { Database } from "@starling/db";
import { createEmbeddedBus, type EmbeddedBus } from "./embedded-bus.ts";
import type { EventBus, EventEnvelope } from "./event-bus.ts";
import { OUTBOX_TABLE, enqueueEvents, newEnvelope, outboxMigration } from "./outbox.ts";
import { createOutboxRelay, type OutboxRelay } from "./outbox-relay.ts";
import { describeOnDatabases } from "./test-databases.ts";

const TOPIC = "starling.test.v1";
const event = (key: string, n: number) => newEnvelope({ type: "test.happened", source: "test", key, payload: Buffer.from(String(n)) });
const outboxRows = async (db: Database) => Number((await db.table(OUTBOX_TABLE).count({ n: "*" }))[0]!.n);
const write = (db: Database, envelopes: EventEnvelope[]) =>
  db.transaction((trx) => enqueueEvents(db, trx, envelopes.map((envelope) => ({ topic: TOPIC, envelope }))));

describeOnDatabases("outbox relay", (fixture) => {
  let db: Database;
  let bus: EmbeddedBus;
  let seen: EventEnvelope[];
  let relays: OutboxRelay[];
  const relay = (options: { bus?: EventBus; intervalMs?: number; batchSize?: number } = {}) => {
    const made = createOutboxRelay({ db, bus, intervalMs: 20, ...options });
    relays.push(made);
    return made;
  };

  beforeEach(async () => {
    db = await fixture.freshDatabase([outboxMigration]);
    bus = createEmbeddedBus();
    seen = [];
    relays = [];
    await bus.subscribe({ topics: [TOPIC], group: "reader", handler: async (envelope) => void seen.push(envelope) });
  });

  afterEach(async () => {
    await Promise.all(relays.map((r) => r.stop()));
    await bus.close();
  });

  it("publishes committed events in order and removes them from the outbox", async () => {
    const sent = [event("a", 1), event("a", 2), event("b", 3), event("a", 4)];
    await write(db, sent);
    relay().start();
    await waitFor(() => seen.length === 4, { what: "4 events" });
    assert.deepEqual(seen.filter((e) => e.key === "a").map((e) => e.payload.toString()), ["1", "2", "4"]);
    assert.deepEqual(seen[0], sent[0]);
    await waitFor(async () => (await outboxRows(db)) === 0, { what: "an empty outbox" });
  });

  it("never publishes events whose transaction rolled back", async () => {
    const doomed = event("a", 1);
    await assert.rejects(
      db.transaction(async (trx) => {
        await enqueueEvents(db, trx, [{ topic: TOPIC, envelope: doomed }]);
        throw new Error("change rejected");
      }),
    );
    const kept = event("a", 2);
    await write(db, [kept]);
    relay().start();
    await waitFor(() => seen.length === 1, { what: "the committed event" });
    await bus.drain();
    assert.deepEqual(seen.map((e) => e.id), [kept.id]);
  });

  it("keeps the rows while the bus fails and publishes them once it recovers", async () => {
    let failing = true;
    let tries = 0;
    const flaky: EventBus = {
      ...bus,
      publish: async (topic, envelopes) => {
        tries++;
        if (failing) throw new Error("broker unreachable");
        await bus.publish(topic, envelopes);
      },
    };
    await write(db, [event("a", 1)]);
    relay({ bus: flaky }).start();
    await waitFor(() => tries >= 3, { what: "three failed tries" });
    assert.equal(await outboxRows(db), 1);
    failing = false;
    await waitFor(() => seen.length === 1, { what: "publication after recovery" });
    await waitFor(async () => (await outboxRows(db)) === 0, { what: "an empty outbox" });
  });

  it("publishes at once when nudged instead of waiting for the next poll", async () => {
    const slow = relay({ intervalMs: 600_000 });
    slow.start();
    await write(db, [event("a", 1)]);
    slow.nudge();
    await waitFor(() => seen.length === 1, { timeoutMs: 5_000, what: "the nudged event" });
  });

  it("finishes the batch in flight when stopped", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered = false;
    const gated: EventBus = { ...bus, publish: async (t, e) => ((entered = true), await gate, bus.publish(t, e)) };
    await write(db, [event("a", 1)]);
    const r = relay({ bus: gated });
    r.start();
    await waitFor(() => entered, { what: "a publish in flight" });
    const stopping = r.stop();
    release();
    await stopping;
    assert.equal(await outboxRows(db), 0);
    await bus.drain();
    assert.equal(seen.length, 1);
  });

  it("lets two relays share the outbox without publishing a row twice (SKIP LOCKED)", async function () {
    await write(db, Array.from({ length: 10 }, (_, n) => event(`k${n}`, n)));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered = false;
    const held: EventBus = { ...bus, publish: async (t, e) => ((entered = true), await gate, bus.publish(t, e)) };
    const first = relay({ bus: held, batchSize: 5 }).publishBatch();
    await waitFor(() => entered, { what: "the first relay holding its rows" });
    // The first relay's rows are locked; the second must take the other five instead of waiting.
    assert.equal(await relay({ batchSize: 5 }).publishBatch(), 5);
    release();
    assert.equal(await first, 5);
    await bus.drain();
    assert.equal(seen.length, 10);
    assert.equal(new Set(seen.map((e) => e.id)).size, 10);
    assert.equal(await outboxRows(db), 0);
  });
});
