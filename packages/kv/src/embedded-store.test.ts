import assert from "node:assert/strict";
import { runKeyValueContract } from "./contract.ts";
import { createEmbeddedStore } from "./embedded-store.ts";

runKeyValueContract("the embedded store", async () => createEmbeddedStore());

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
