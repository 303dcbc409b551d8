/** Contract section: strings, expiry and counters. */
import assert from "node:assert/strict";
import type { ContractContext } from "./contract.ts";
import { waitFor } from "@starling/testkit";

// Short real-time TTLs work on both adapters; tests poll for the expiry instead of sleeping.
const SHORT_TTL_MS = 150;
const EXPIRY_DEADLINE = { timeoutMs: 3_000, intervalMs: 20 };

/** Registers the string, expiry and counter tests. */
export function describeStringContract({ store }: ContractContext): void {
  describe("strings and expiry", function () {
    it("get answers null for a key never set", async function () {
      assert.equal(await store().get("missing"), null);
    });

    it("set stores a value that a later set replaces", async function () {
      await store().set("greeting", "hello");
      assert.equal(await store().get("greeting"), "hello");
      await store().set("greeting", "héllo 🌍");
      assert.equal(await store().get("greeting"), "héllo 🌍");
    });

    it("getMany answers each key's string in order, null for missing, expired and non-string keys", async function () {
      await store().set("one", "1");
      await store().set("two", "2");
      await store().set("brief", "x", { ttlMs: SHORT_TTL_MS });
      await store().zadd("z", [{ score: 1, member: "m" }]);
      await waitFor(async () => (await store().get("brief")) === null, { ...EXPIRY_DEADLINE, what: "expiry" });
      assert.deepEqual(await store().getMany(["two", "missing", "one", "brief", "z", "one"]), ["2", null, "1", null, null, "1"]);
      assert.deepEqual(await store().getMany([]), []);
    });

    it("setIfAbsent stores only when the key is missing", async function () {
      assert.equal(await store().setIfAbsent("lock", "owner-1"), true);
      assert.equal(await store().setIfAbsent("lock", "owner-2"), false);
      assert.equal(await store().get("lock"), "owner-1");
    });

    it("setIfAbsent with a ttl gives the new key an expiry", async function () {
      assert.equal(await store().setIfAbsent("lock", "owner", { ttlMs: 60_000 }), true);
      const ttl = await store().ttlMs("lock");
      assert.ok(ttl !== null && ttl > 50_000 && ttl <= 60_000, `ttl ${ttl}`);
    });

    it("a key set with a ttl reports its remaining time and disappears after it", async function () {
      await store().set("session", "x", { ttlMs: SHORT_TTL_MS });
      const ttl = await store().ttlMs("session");
      assert.ok(ttl !== null && ttl > 0 && ttl <= SHORT_TTL_MS, `ttl ${ttl}`);
      await waitFor(async () => (await store().get("session")) === null, { ...EXPIRY_DEADLINE, what: "expiry" });
      assert.equal(await store().ttlMs("session"), null);
      assert.equal(await store().setIfAbsent("session", "y"), true);
    });

    it("ttlMs answers null for a missing key and for a key without expiry", async function () {
      assert.equal(await store().ttlMs("missing"), null);
      await store().set("forever", "1");
      assert.equal(await store().ttlMs("forever"), null);
    });

    it("set without a ttl clears an earlier expiry", async function () {
      await store().set("key", "1", { ttlMs: 60_000 });
      await store().set("key", "2");
      assert.equal(await store().ttlMs("key"), null);
    });

    it("expire sets an expiry on an existing key and answers false for a missing one", async function () {
      await store().set("key", "1");
      assert.equal(await store().expire("key", 60_000), true);
      const ttl = await store().ttlMs("key");
      assert.ok(ttl !== null && ttl > 50_000, `ttl ${ttl}`);
      assert.equal(await store().expire("missing", 60_000), false);
    });

    it("expire with zero deletes the key", async function () {
      await store().set("key", "1");
      assert.equal(await store().expire("key", 0), true);
      assert.equal(await store().get("key"), null);
    });

    it("a write with a non-positive ttl is refused", async function () {
      await assert.rejects(store().set("key", "1", { ttlMs: 0 }));
      await assert.rejects(store().incr("key", { ttlMs: -5 }));
    });

    it("del removes keys of any kind and counts only those that existed", async function () {
      await store().set("a", "1");
      await store().zadd("z", [{ score: 1, member: "m" }]);
      assert.equal(await store().del("a", "z", "missing"), 2);
      assert.equal(await store().get("a"), null);
      assert.equal(await store().zcard("z"), 0);
      assert.equal(await store().del(), 0);
    });

    it("string commands on a sorted-set key reject with WRONGTYPE", async function () {
      await store().zadd("z", [{ score: 1, member: "m" }]);
      await assert.rejects(store().get("z"), /WRONGTYPE/);
      await assert.rejects(store().incr("z"), /WRONGTYPE/);
    });
  });

  describe("counters", function () {
    it("incr counts from zero by one, or by a given step including negative ones", async function () {
      assert.equal(await store().incr("hits"), 1);
      assert.equal(await store().incr("hits"), 2);
      assert.equal(await store().incr("hits", { by: 10 }), 12);
      assert.equal(await store().incr("hits", { by: -20 }), -8);
      assert.equal(await store().get("hits"), "-8");
    });

    it("incr rejects when the value is not an integer", async function () {
      await store().set("name", "alice");
      await assert.rejects(store().incr("name"), /not an integer/);
    });

    it("incr with a ttl sets the window only when it creates the key", async function () {
      assert.equal(await store().incr("window", { ttlMs: 60_000 }), 1);
      assert.equal(await store().incr("window", { ttlMs: 1_000 }), 2);
      const ttl = await store().ttlMs("window");
      assert.ok(ttl !== null && ttl > 50_000, `window was moved: ttl ${ttl}`);

      await store().set("plain", "5");
      assert.equal(await store().incr("plain", { ttlMs: 60_000 }), 6);
      assert.equal(await store().ttlMs("plain"), null);
    });

    it("incr keeps an existing expiry", async function () {
      await store().set("counter", "1", { ttlMs: 60_000 });
      assert.equal(await store().incr("counter"), 2);
      assert.notEqual(await store().ttlMs("counter"), null);
    });

    it("a windowed counter starts again from one after its window expires", async function () {
      assert.equal(await store().incr("limit", { ttlMs: SHORT_TTL_MS }), 1);
      assert.equal(await store().incr("limit", { ttlMs: SHORT_TTL_MS }), 2);
      await waitFor(async () => (await store().get("limit")) === null, { ...EXPIRY_DEADLINE, what: "window end" });
      assert.equal(await store().incr("limit", { ttlMs: SHORT_TTL_MS }), 1);
    });
  });
}
