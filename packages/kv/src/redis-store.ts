/**
 * The Redis adapter on ioredis. Multi-step operations run atomically (windowed counters in
 * MULTI/EXEC, capped sorted sets as one Lua script) so concurrent callers never see or cause
 * half-applied states.
 */
import { createRequire } from "node:module";
import type { ChainableCommander, Redis, RedisOptions, Result } from "ioredis";
import type { CappedWrite, KeyValueStore } from "./key-value-store.ts";
import { formatScore, lexRangeArguments, pairWithScores, parseScore, scoreRangeArguments } from "./redis-range-arguments.ts";
import { RedisSubscriber } from "./redis-subscriber.ts";
import { writeTtlMs } from "./ttl.ts";

/** Options for {@link createRedisStore}. */
export interface RedisStoreOptions {
  /** Connection URL, e.g. `redis://127.0.0.1:6379/0` or `rediss://user:pass@host:6380`. */
  url: string;
  /**
   * Prepended verbatim to every key and pub/sub channel, so services or test runs can share one
   * Redis without seeing each other's data; include a separator (`starling:`).
   */
  keyPrefix?: string;
}

/** Longest a readiness ping waits, covering a host that accepts TCP but never answers. */
const PING_TIMEOUT_MS = 2_000;

// Fail fast instead of queueing forever: commands issued while connecting wait in the offline queue
// (so start-up works without an explicit connect), but are failed after one reconnect attempt, and
// reconnects are quick, so a down Redis turns into errors within about a second, not a hang.
const CONNECTION_OPTIONS: RedisOptions = {
  enableOfflineQueue: true,
  // Commands issued in one tick (a page's many reads) travel in one write and one round trip.
  enableAutoPipelining: true,
  maxRetriesPerRequest: 1,
  connectTimeout: 2_000,
  // ioredis 5.8.2+ sends CLIENT SETINFO after an asynchronous read of its own package.json, and
  // only then its ready check (INFO); a SUBSCRIBE issued meanwhile puts the connection into
  // subscriber mode first, the ready check then fails and the subscription with it (ioredis issue
  // 2037, seen under load on the streaming subscriber). The library name is not worth that.
  disableClientInfo: true,
  retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
};

/** Creates a {@link KeyValueStore} backed by the Redis at `options.url`. */
export function createRedisStore(options: RedisStoreOptions): KeyValueStore {
  const prefix = options.keyPrefix ?? "";
  const client = connect(options.url, prefix);
  // Channels are not keys to ioredis, so its keyPrefix does not reach them; prefix them here instead.
  const subscriber = new RedisSubscriber(() => connect(options.url, ""));

  return {
    async get(key) {
      return client.get(key);
    },
    async getMany(keys) {
      return keys.length === 0 ? [] : client.mget(...keys);
    },
    async set(key, value, options) {
      if (options?.ttlMs === undefined) await client.set(key, value);
      else await client.set(key, value, "PX", writeTtlMs(options.ttlMs));
    },
    async setIfAbsent(key, value, options) {
      const reply =
        options?.ttlMs === undefined
          ? await client.set(key, value, "NX")
          : await client.set(key, value, "PX", writeTtlMs(options.ttlMs), "NX");
      return reply === "OK";
    },
    async del(...keys) {
      return keys.length === 0 ? 0 : client.del(...keys);
    },
    async expire(key, ttlMs) {
      return (await client.pexpire(key, Math.ceil(ttlMs))) === 1;
    },
    async ttlMs(key) {
      const reply = await client.pttl(key);
      return reply < 0 ? null : reply;
    },
    async incr(key, options) {
      const by = options?.by ?? 1;
      if (options?.ttlMs === undefined) return client.incrby(key, by);
      // SET NX creates the key at 0 with the window's expiry only when absent; INCRBY then counts.
      const replies = await execChecked(client.multi().set(key, "0", "PX", writeTtlMs(options.ttlMs), "NX").incrby(key, by));
      return replies[1] as number;
    },
    async zadd(key, entries) {
      if (entries.length > 0) await client.zadd(key, ...scoreMemberArguments(entries));
    },
    async zaddCapped(key, entries, maxSize) {
      await addCapped(client, [{ key, entries }], maxSize);
    },
    async zaddCappedMany(writes, maxSize) {
      await addCapped(client, writes, maxSize);
    },
    async zrem(key, members) {
      return members.length === 0 ? 0 : client.zrem(key, ...members);
    },
    async zcard(key) {
      return client.zcard(key);
    },
    async zscore(key, member) {
      const reply = await client.zscore(key, member);
      return reply === null ? null : parseScore(reply);
    },
    async zrangeByScore(key, query) {
      return pairWithScores((await client.call("ZRANGE", key, ...scoreRangeArguments(query))) as string[]);
    },
    async zrangeByLex(key, query) {
      return (await client.call("ZRANGE", key, ...lexRangeArguments(query))) as string[];
    },
    async zremRangeByRank(key, start, stop) {
      return client.zremrangebyrank(key, start, stop);
    },
    async zincrby(key, by, member) {
      return parseScore(await client.zincrby(key, formatScore(by), member));
    },
    async publish(channel, message) {
      await client.publish(prefix + channel, message);
    },
    async subscribe(channel, handler) {
      return subscriber.subscribe(prefix + channel, handler);
    },
    async ping() {
      await withDeadline(client.ping(), PING_TIMEOUT_MS, "Redis did not answer PING in time");
    },
    async close() {
      await Promise.all([subscriber.close(), quit(client)]);
    },
  };
}

declare module "ioredis" {
  interface RedisCommander<Context> {
    /** ZADD then trim to the highest `maxSize`, atomically: {@link CAPPED_ADD}. */
    zaddcapped(key: string, maxSize: number, ...scoreMembers: string[]): Result<number, Context>;
  }
}

// KEYS[1] the set, ARGV[1] the cap, then score/member pairs, added 500 pairs per ZADD to stay well
// inside Lua's limit on unpacked values. One script per set keeps it atomic and cluster-safe (one key).
const CAPPED_ADD = `
local last = #ARGV
for first = 2, last, 1000 do
  redis.call('ZADD', KEYS[1], unpack(ARGV, first, math.min(first + 999, last)))
end
return redis.call('ZREMRANGEBYRANK', KEYS[1], 0, -tonumber(ARGV[1]) - 1)`;

// Every set's script in one pipeline: one round trip for a whole fan-out batch.
async function addCapped(client: Redis, writes: CappedWrite[], maxSize: number): Promise<void> {
  if (!Number.isInteger(maxSize) || maxSize < 0) throw new RangeError("maxSize must be a non-negative integer");
  if (writes.length === 0) return;
  const pipeline = client.pipeline();
  for (const { key, entries } of writes) pipeline.zaddcapped(key, maxSize, ...scoreMemberArguments(entries));
  await execChecked(pipeline);
}

// Loaded by the first connection, not with this package: the embedded run never pays its ~20 MiB.
const loadIoredis = () => createRequire(import.meta.url)("ioredis") as typeof import("ioredis");

function connect(url: string, keyPrefix: string): Redis {
  const connection = new (loadIoredis().Redis)(url, { ...CONNECTION_OPTIONS, keyPrefix });
  connection.defineCommand("zaddcapped", { numberOfKeys: 1, lua: CAPPED_ADD });
  // Failures reach callers as rejected commands; without a listener ioredis would also print every
  // reconnect error to stderr as "Unhandled error event".
  connection.on("error", () => undefined);
  return connection;
}

function scoreMemberArguments(entries: { score: number; member: string }[]): string[] {
  return entries.flatMap(({ score, member }) => [formatScore(score), member]);
}

// EXEC (and a pipeline) reports each command's error in its slot instead of rejecting; surface the first.
async function execChecked(commands: ChainableCommander): Promise<unknown[]> {
  const replies = await commands.exec();
  if (!replies) throw new Error("Redis transaction was aborted");
  const failed = replies.find(([error]) => error);
  if (failed) throw failed[0];
  return replies.map(([, reply]) => reply);
}

async function withDeadline<T>(work: Promise<T>, timeoutMs: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), timeoutMs);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

async function quit(connection: Redis): Promise<void> {
  if (connection.status !== "ready") return connection.disconnect();
  await connection.quit().then(
    () => undefined,
    () => connection.disconnect(),
  );
}
