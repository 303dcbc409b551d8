// Contract tests of the two Fedify ports over our own adapters: always on the embedded store and
// bus, and on Redis and Kafka too when REDIS_URL / KAFKA_BROKERS say where they run.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import type { KvKey } from "@fedify/fedify";
import { createEmbeddedBus, createKafkaBus, type EventBus } from "@starling/events";
import { createEmbeddedStore, createRedisStore, type KeyValueStore } from "@starling/kv";
import { waitFor } from "@starling/testkit";
import { StarlingKvStore } from "./kv-store.ts";
import { EventBusMessageQueue } from "./message-queue.ts";

// Fedify hands its ports Temporal durations; the polyfill it depends on makes them here.
const { Temporal } = createRequire(import.meta.resolve("@fedify/fedify"))("@js-temporal/polyfill") as { Temporal: { Duration: { from(like: object): { total(o: { unit: "millisecond" }): number } } } };
const duration = (milliseconds: number) => Temporal.Duration.from({ milliseconds }) as never;

const collect = async (kv: StarlingKvStore, prefix?: KvKey) => {
  const out: { key: KvKey; value: unknown }[] = [];
  for await (const entry of kv.list(prefix)) out.push(entry);
  const order = (e: { key: KvKey }) => JSON.stringify(e.key);
  return out.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
};

const stores: { name: string; make: () => KeyValueStore }[] = [
  { name: "the embedded store", make: () => createEmbeddedStore() },
  ...(process.env.REDIS_URL ? [{ name: "Redis", make: () => createRedisStore({ url: process.env.REDIS_URL!, keyPrefix: `fedkv-${randomUUID().slice(0, 8)}:` }) }] : []),
];

for (const { name, make } of stores) {
  describe(`Fedify's KvStore on ${name}`, () => {
    let store: KeyValueStore;
    let kv: StarlingKvStore;
    beforeEach(() => {
      store = make();
      kv = new StarlingKvStore(store);
    });
    afterEach(async () => {
      // Leave a shared Redis as it was found.
      for await (const { key } of kv.list()) await kv.delete(key);
      await store.close();
    });

    it("stores JSON values under array keys, and forgets deleted ones", async () => {
      await kv.set(["actor", "https://a.example/users/x"], { name: "X", n: [1, 2] });
      assert.deepEqual(await kv.get(["actor", "https://a.example/users/x"]), { name: "X", n: [1, 2] });
      assert.equal(await kv.get(["actor", "https://a.example/users/y"]), undefined);
      await kv.delete(["actor", "https://a.example/users/x"]);
      assert.equal(await kv.get(["actor", "https://a.example/users/x"]), undefined);
    });

    it("lets values expire after their TTL", async () => {
      await kv.set(["short"], "soon gone", { ttl: duration(50) });
      assert.equal(await kv.get(["short"]), "soon gone");
      await waitFor(async () => (await kv.get(["short"])) === undefined, { timeoutMs: 5_000, what: "the entry to expire" });
      assert.deepEqual(await collect(kv, ["short"]), []);
    });

    it("lists exactly the entries under a prefix, whatever characters the segments hold", async () => {
      await kv.set(["a"], 0);
      await kv.set(["a", "b/c"], 1);
      await kv.set(["a", "b", "c"], 2);
      await kv.set(["ab"], 3);
      await kv.set(["a0"], 4);
      assert.deepEqual(await collect(kv, ["a"]), [
        { key: ["a", "b", "c"], value: 2 },
        { key: ["a", "b/c"], value: 1 },
        { key: ["a"], value: 0 },
      ]);
      assert.deepEqual((await collect(kv, ["a", "b"])).map((e) => e.value), [2]);
      assert.equal((await collect(kv)).length, 5);
    });
  });
}

const buses: { name: string; make: () => EventBus }[] = [
  { name: "the embedded bus", make: () => createEmbeddedBus() },
  ...(process.env.KAFKA_BROKERS
    ? [{ name: "Kafka", make: () => createKafkaBus({ brokers: process.env.KAFKA_BROKERS!.split(","), clientId: "federation-queue-test", topicPrefix: `test-${randomUUID().slice(0, 8)}.`, logger: { warn: () => {}, error: () => {} } }) }]
    : []),
];

for (const { name, make } of buses) {
  describe(`Fedify's MessageQueue on ${name}`, function () {
    this.timeout(90_000);
    let bus: EventBus;
    let stop: AbortController;
    beforeEach(() => {
      bus = make();
      stop = new AbortController();
    });
    afterEach(async () => {
      stop.abort();
      await bus.close();
    });

    it("hands every enqueued message to the listener, keeping the order of one ordering key", async () => {
      const queue = new EventBusMessageQueue(bus, { group: `g-${randomUUID()}` });
      const seen: unknown[] = [];
      const listening = queue.listen((message) => void seen.push(message), { signal: stop.signal });
      await queue.enqueue({ type: "outbox", n: 1 }, { orderingKey: "inbox-1" });
      await queue.enqueueMany([{ type: "outbox", n: 2 }, { type: "outbox", n: 3 }], { orderingKey: "inbox-1" });
      await waitFor(() => seen.length >= 3, { timeoutMs: 60_000, what: "three messages" });
      assert.deepEqual(seen, [{ type: "outbox", n: 1 }, { type: "outbox", n: 2 }, { type: "outbox", n: 3 }]);
      stop.abort();
      await listening; // listen resolves once its signal aborts
    });

    it("holds a delayed message back until its delay has passed", async () => {
      const queue = new EventBusMessageQueue(bus, { group: `g-${randomUUID()}` });
      const seen: number[] = [];
      void queue.listen(() => void seen.push(Date.now()), { signal: stop.signal });
      const sent = Date.now();
      await queue.enqueue({ type: "retry" }, { delay: duration(400) });
      await waitFor(() => seen.length === 1, { timeoutMs: 60_000, what: "the delayed message" });
      assert.ok(seen[0]! - sent >= 400, `handled after ${seen[0]! - sent} ms`);
    });
  });
}
