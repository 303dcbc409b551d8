/**
 * The in-process adapter: the same semantics as Redis without a server, for tests and
 * single-process runs. Expiry is checked lazily against an injectable clock on every access, and a
 * background sweep (unref'd, so it never holds the process open) frees keys nobody reads again.
 * With a journal file, counters (what `incr` writes: rate limits, throttles) survive a restart.
 */
import type { ExpiryOptions, IncrOptions, KeyValueStore, ScoredMember } from "./key-value-store.ts";
import { openCounterJournal } from "./counter-journal.ts";
import { LocalPubSub } from "./local-pub-sub.ts";
import { SortedSet } from "./sorted-set.ts";
import { writeTtlMs } from "./ttl.ts";

/** Options for {@link createEmbeddedStore}. */
export interface EmbeddedStoreOptions {
  /** Clock in epoch milliseconds; tests inject one to expire keys without waiting (default Date.now). */
  now?: () => number;
  /** How often the background sweep drops expired keys, in milliseconds (default 1 000). */
  sweepIntervalMs?: number;
  /** File that keeps counters across restarts (see counter-journal.ts); without it everything is in memory only. */
  journal?: string;
}

interface Entry {
  value: string | SortedSet;
  /** Epoch milliseconds from the store's clock, or null for no expiry. */
  expiresAt: number | null;
}

const WRONG_TYPE = "WRONGTYPE Operation against a key holding the wrong kind of value";
const NOT_AN_INTEGER = "ERR value is not an integer or out of range";
const NOT_A_FLOAT = "ERR value is not a valid float";

function checkedMaxSize(maxSize: number): number {
  if (!Number.isInteger(maxSize) || maxSize < 0) throw new RangeError("maxSize must be a non-negative integer");
  return maxSize;
}

function parseCounter(value: string): number {
  if (!/^(0|-?[1-9]\d{0,15})$/.test(value)) throw new Error(NOT_AN_INTEGER);
  return Number(value);
}

/** Creates an empty in-process {@link KeyValueStore}. */
export function createEmbeddedStore(options: EmbeddedStoreOptions = {}): KeyValueStore {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const pubSub = new LocalPubSub();
  let closed = false;
  const journal = options.journal ? openCounterJournal(options.journal, now(), (key) => entries.get(key) as { value: string; expiresAt: number | null } | undefined) : undefined;
  for (const { key, ...entry } of journal?.restored ?? []) entries.set(key, entry);

  const sweep = setInterval(() => {
    const at = now();
    for (const [key, entry] of entries) if (entry.expiresAt !== null && entry.expiresAt <= at) drop(key);
  }, options.sweepIntervalMs ?? 1_000);
  sweep.unref();

  // Same message ioredis gives after quit, so callers see one error whichever adapter runs.
  function assertOpen(): void {
    if (closed) throw new Error("Connection is closed.");
  }

  function drop(key: string): void {
    entries.delete(key);
    journal?.expired(key);
  }

  function live(key: string): Entry | undefined {
    assertOpen();
    const entry = entries.get(key);
    if (entry?.expiresAt != null && entry.expiresAt <= now()) {
      drop(key);
      return undefined;
    }
    return entry;
  }

  function expiresAt(ttlMs: number | undefined): number | null {
    return ttlMs === undefined ? null : now() + writeTtlMs(ttlMs);
  }

  function stringEntry(key: string): Entry | undefined {
    const entry = live(key);
    if (entry && typeof entry.value !== "string") throw new Error(WRONG_TYPE);
    return entry;
  }

  function sortedSet(key: string): SortedSet | undefined {
    const entry = live(key);
    if (entry && !(entry.value instanceof SortedSet)) throw new Error(WRONG_TYPE);
    return entry?.value as SortedSet | undefined;
  }

  // Creates the set on first write; keeps an existing one's expiry, as Redis does.
  function writableSortedSet(key: string): SortedSet {
    const existing = sortedSet(key);
    if (existing) return existing;
    const created = new SortedSet();
    entries.set(key, { value: created, expiresAt: null });
    return created;
  }

  // Redis deletes a sorted set when its last member goes.
  function dropIfEmpty(key: string, set: SortedSet): void {
    if (set.size === 0) entries.delete(key);
  }

  function addAll(key: string, members: ScoredMember[]): SortedSet {
    for (const { score } of members) if (Number.isNaN(score)) throw new Error(NOT_A_FLOAT);
    const set = writableSortedSet(key);
    for (const { score, member } of members) set.add(score, member);
    return set;
  }

  // Adds, then trims to the `maxSize` highest; an empty write to a missing set creates nothing.
  function addCapped(key: string, members: ScoredMember[], maxSize: number): void {
    if (members.length === 0 && !sortedSet(key)) return;
    const set = addAll(key, members);
    set.removeRangeByRank(0, -maxSize - 1);
    dropIfEmpty(key, set);
  }

  return {
    async get(key) {
      const entry = stringEntry(key);
      return entry ? (entry.value as string) : null;
    },
    // As Redis's MGET: a key holding another type reads as null rather than failing the batch.
    async getMany(keys) {
      return keys.map((key) => {
        const value = live(key)?.value;
        return typeof value === "string" ? value : null;
      });
    },
    async set(key, value, options?: ExpiryOptions) {
      assertOpen();
      entries.set(key, { value, expiresAt: expiresAt(options?.ttlMs) });
      journal?.forget(key);
    },
    async setIfAbsent(key, value, options?: ExpiryOptions) {
      if (live(key)) return false;
      entries.set(key, { value, expiresAt: expiresAt(options?.ttlMs) });
      journal?.forget(key);
      return true;
    },
    async del(...keys) {
      let deleted = 0;
      for (const key of keys) if (live(key) && entries.delete(key)) deleted++;
      for (const key of keys) journal?.forget(key);
      return deleted;
    },
    async expire(key, ttlMs) {
      const entry = live(key);
      if (!entry) return false;
      if (ttlMs <= 0) {
        entries.delete(key);
        journal?.forget(key);
      } else {
        entry.expiresAt = now() + ttlMs;
        journal?.expire(key, entry.value as string, entry.expiresAt);
      }
      return true;
    },
    async ttlMs(key) {
      const entry = live(key);
      return entry?.expiresAt == null ? null : Math.max(0, entry.expiresAt - now());
    },
    async incr(key, options?: IncrOptions) {
      const by = options?.by ?? 1;
      if (!Number.isSafeInteger(by)) throw new Error(NOT_AN_INTEGER);
      const window = expiresAt(options?.ttlMs);
      const entry = stringEntry(key);
      const next = (entry ? parseCounter(entry.value as string) : 0) + by;
      if (!Number.isSafeInteger(next)) throw new Error(NOT_AN_INTEGER);
      if (entry) entry.value = String(next);
      else entries.set(key, { value: String(next), expiresAt: window });
      journal?.record({ key, value: String(next), expiresAt: entry ? entry.expiresAt : window });
      return next;
    },
    async zadd(key, members) {
      if (members.length > 0) addAll(key, members);
    },
    async zaddCapped(key, members, maxSize) {
      addCapped(key, members, checkedMaxSize(maxSize));
    },
    async zaddCappedMany(writes, maxSize) {
      checkedMaxSize(maxSize);
      for (const { key, entries } of writes) addCapped(key, entries, maxSize);
    },
    async zrem(key, members) {
      const set = sortedSet(key);
      if (!set) return 0;
      const removed = members.filter((member) => set.remove(member)).length;
      dropIfEmpty(key, set);
      return removed;
    },
    async zcard(key) {
      return sortedSet(key)?.size ?? 0;
    },
    async zscore(key, member) {
      return sortedSet(key)?.score(member) ?? null;
    },
    async zrangeByScore(key, query) {
      return sortedSet(key)?.rangeByScore(query) ?? [];
    },
    async zrangeByLex(key, query) {
      return sortedSet(key)?.rangeByLex(query) ?? [];
    },
    async zremRangeByRank(key, start, stop) {
      const set = sortedSet(key);
      if (!set) return 0;
      const removed = set.removeRangeByRank(start, stop);
      dropIfEmpty(key, set);
      return removed;
    },
    async zincrby(key, by, member) {
      if (Number.isNaN(by)) throw new Error(NOT_A_FLOAT);
      return writableSortedSet(key).incrBy(by, member);
    },
    async publish(channel, message) {
      assertOpen();
      pubSub.publish(channel, message);
    },
    async subscribe(channel, handler) {
      assertOpen();
      return pubSub.subscribe(channel, handler);
    },
    async ping() {
      assertOpen();
    },
    async close() {
      closed = true;
      clearInterval(sweep);
      pubSub.clear();
      entries.clear();
    },
  };
}
