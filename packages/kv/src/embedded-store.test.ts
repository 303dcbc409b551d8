import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runKeyValueContract } from "./contract.ts";
import { createEmbeddedStore } from "./embedded-store.ts";

runKeyValueContract("the embedded store", async () => createEmbeddedStore());
runKeyValueContract("the embedded store with a counter journal", async () => createEmbeddedStore({ journal: join(mkdtempSync(join(tmpdir(), "starling-kv-")), "counters.jsonl") }));

describe("the embedded store with an injected clock", function () {
  let now = 1_000_000;
  const clock = () => now;

  it("expires a key the moment the clock reaches its ttl, without waiting", async function () {
    const store = createEmbeddedStore({ now: clock });
    await store.set("session", "x", { ttlMs: 30_000 });
    now += 29_999;
    assert.equal(await store.get("session"), "x");
    assert.equal(await store.ttlMs("session"), 1);
    now += 1;
    assert.equal(await store.get("session"), null);
    await store.close();
  });

  it("restarts a rate-limit window only after the clock passes it", async function () {
    const store = createEmbeddedStore({ now: clock });
    assert.equal(await store.incr("ip:1", { ttlMs: 60_000 }), 1);
    now += 59_000;
    assert.equal(await store.incr("ip:1", { ttlMs: 60_000 }), 2);
    now += 1_000;
    assert.equal(await store.incr("ip:1", { ttlMs: 60_000 }), 1);
    await store.close();
  });
});

describe("the embedded store with a counter journal", function () {
  let dir: string;
  let journal: string;
  let now = 5_000_000;
  const clock = () => now;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "starling-kv-"));
    journal = join(dir, "kv", "counters.jsonl");
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps counters and their windows across a restart, but not cached strings or sorted sets", async function () {
    // The first store is never closed: a kill -9 gives it no chance to flush anything.
    const first = createEmbeddedStore({ now: clock, journal });
    await first.incr("ratelimit:ip:1", { ttlMs: 60_000 });
    await first.incr("ratelimit:ip:1", { ttlMs: 60_000 });
    await first.incr("failures:alice");
    await first.set("cache:token", "x", { ttlMs: 60_000 });
    await first.zadd("feed:1", [{ score: 1, member: "a" }]);
    now += 10_000;

    const second = createEmbeddedStore({ now: clock, journal });
    assert.equal(await second.incr("ratelimit:ip:1", { ttlMs: 60_000 }), 3);
    assert.equal(await second.ttlMs("ratelimit:ip:1"), 50_000);
    assert.equal(await second.get("failures:alice"), "1");
    assert.equal(await second.get("cache:token"), null);
    assert.equal(await second.zcard("feed:1"), 0);
    await first.close();
    await second.close();
  });

  it("forgets counters that were deleted, overwritten or expired", async function () {
    const first = createEmbeddedStore({ now: clock, journal });
    await first.incr("deleted");
    await first.del("deleted");
    await first.incr("overwritten");
    await first.set("overwritten", "plain");
    await first.incr("short", { ttlMs: 1_000 });
    await first.incr("kept");
    now += 1_000;

    const second = createEmbeddedStore({ now: clock, journal });
    for (const key of ["deleted", "overwritten", "short"]) assert.equal(await second.get(key), null, key);
    assert.equal(await second.get("kept"), "1");
    // Reopening rewrote the file to one line per live counter.
    assert.equal(readFileSync(journal, "utf8").trim().split("\n").length, 1);
    await first.close();
    await second.close();
  });
});
