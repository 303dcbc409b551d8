import assert from "node:assert/strict";
import { Redis } from "ioredis";
import { freePort, uniqueName, waitFor } from "@starling/testkit";
import { runKeyValueContract } from "./contract.ts";
import { createRedisStore } from "./redis-store.ts";

// The one place this package reads the environment: tests run against real Redis only when told where.
const redisUrl = process.env.REDIS_URL;
const runPrefix = uniqueName("kvtest");

describe("the Redis store against a real Redis", function () {
  let made = 0;
  const raw = () => new Redis(redisUrl!, { maxRetriesPerRequest: 1 });

  before(function () {
    if (!redisUrl) this.skip(); // REDIS_URL is needed, e.g. redis://127.0.0.1:6379 (scripts/ start one)
  });

  after(async function () {
    if (!redisUrl) return;
    // Leave the shared Redis as we found it: drop every key this run created.
    const client = raw();
    const keys = await client.keys(`${runPrefix}:*`);
    if (keys.length > 0) await client.del(...keys);
    await client.quit();
  });

  // A fresh prefix per store keeps tests independent on one shared Redis.
  runKeyValueContract("the Redis store", async () => createRedisStore({ url: redisUrl!, keyPrefix: `${runPrefix}:${++made}:` }));

  it("stores keys and publishes on channels under its key prefix", async function () {
    const prefix = `${runPrefix}:prefix:`;
    const store = createRedisStore({ url: redisUrl!, keyPrefix: prefix });
    const client = raw();
    const listener = raw();
    try {
      await store.set("status:1", "hello");
      await store.zaddCapped("feed", [{ score: 1, member: "a" }], 10);
      await store.incr("hits", { ttlMs: 60_000 });
      assert.equal(await client.get(`${prefix}status:1`), "hello");
      assert.equal(await client.zcard(`${prefix}feed`), 1);
      assert.ok((await client.pttl(`${prefix}hits`)) > 0);
      assert.equal(await client.exists("status:1"), 0);

      const received: string[] = [];
      listener.on("message", (_channel: string, message: string) => received.push(message));
      await listener.subscribe(`${prefix}news`);
      await store.publish("news", "prefixed");
      await waitFor(() => received.length === 1, { timeoutMs: 3_000, what: "prefixed channel message" });
    } finally {
      await Promise.all([store.close(), client.quit(), listener.quit()]);
    }
  });

  it("subscribes to a Redis channel once however many local handlers listen", async function () {
    const store = createRedisStore({ url: redisUrl!, keyPrefix: `${runPrefix}:subs:` });
    const client = raw();
    const channel = `${runPrefix}:subs:busy`;
    const subscribers = async () => ((await client.call("PUBSUB", "NUMSUB", channel)) as [string, number])[1];
    try {
      const stops = await Promise.all([1, 2, 3].map(() => store.subscribe("busy", () => undefined)));
      assert.equal(await subscribers(), 1);
      for (const stop of stops) await stop();
      await waitFor(async () => (await subscribers()) === 0, { timeoutMs: 3_000, what: "unsubscribe" });
    } finally {
      await Promise.all([store.close(), client.quit()]);
    }
  });
});

describe("the Redis store when Redis is unreachable", function () {
  it("rejects ping within a couple of seconds instead of hanging", async function () {
    this.timeout(5_000);
    const store = createRedisStore({ url: `redis://127.0.0.1:${await freePort()}` });
    const started = Date.now();
    await assert.rejects(store.ping());
    assert.ok(Date.now() - started < 2_500, `ping took ${Date.now() - started}ms`);
    await assert.rejects(store.get("key"));
    await store.close();
  });
});
