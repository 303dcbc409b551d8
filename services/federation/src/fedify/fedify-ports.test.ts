// Contract tests of Fedify's KvStore port over our key-value store: always on the embedded store,
// and on Redis too when REDIS_URL says where it runs.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import type { KvKey } from "@fedify/fedify";
import { createEmbeddedStore, createRedisStore, type KeyValueStore } from "@starling/kv";
import { waitFor } from "@starling/testkit";
import { StarlingKvStore } from "./kv-store.ts";

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
