import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from "@fedify/fedify";
import type { KeyValueStore } from "@starling/kv";

/** Where Fedify's entries live in our store; every key and the listing index sit under it. */
const ROOT = "fedify:";
/** Sorted set (all scores 0) of every encoded key, so `list(prefix)` is a lexicographic range. */
const INDEX = `${ROOT}index`;

/**
 * Key segments are percent-encoded and joined with "/", so no segment contains the separator and
 * the keys under a prefix are exactly those equal to it or starting with it plus "/" — a range
 * over the index ("/" is followed by "0" in byte order).
 */
function encodeKey(key: KvKey): string {
  return key.map((segment) => encodeURIComponent(segment)).join("/");
}

function decodeKey(encoded: string): KvKey {
  return encoded.split("/").map((segment) => decodeURIComponent(segment)) as unknown as KvKey;
}

function ttlMs(options: KvStoreSetOptions | undefined): number | undefined {
  // Fedify hands a Temporal.Duration; a zero or negative TTL would mean "already gone" in our store.
  if (!options?.ttl) return undefined;
  return Math.max(1, Math.ceil(options.ttl.total({ unit: "millisecond" })));
}

/**
 * Fedify's KvStore port (caches, inbox idempotence, circuit-breaker state) over our KeyValueStore,
 * so it runs on Redis in production and on the embedded store in one process, with no extra system.
 * Values are stored as JSON; expiry uses the store's own TTL.
 */
export class StarlingKvStore implements KvStore {
  private readonly store: KeyValueStore;

  constructor(store: KeyValueStore) {
    this.store = store;
  }

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const raw = await this.store.get(ROOT + encodeKey(key));
    return raw === null ? undefined : (JSON.parse(raw) as T);
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    const encoded = encodeKey(key);
    await this.store.zadd(INDEX, [{ score: 0, member: encoded }]);
    await this.store.set(ROOT + encoded, JSON.stringify(value), { ttlMs: ttlMs(options) });
  }

  async delete(key: KvKey): Promise<void> {
    const encoded = encodeKey(key);
    await this.store.del(ROOT + encoded);
    await this.store.zrem(INDEX, [encoded]);
  }

  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    const base = prefix ? encodeKey(prefix) : undefined;
    const members = base === undefined ? await this.store.zrangeByLex(INDEX, { order: "asc" }) : [base, ...(await this.store.zrangeByLex(INDEX, { min: `${base}/`, max: `${base}0`, maxExclusive: true, order: "asc" }))];
    for (const encoded of members) {
      const raw = await this.store.get(ROOT + encoded);
      // Expired (or never-set) keys drop out of the index lazily, here.
      if (raw === null) {
        await this.store.zrem(INDEX, [encoded]);
        continue;
      }
      yield { key: decodeKey(encoded), value: JSON.parse(raw) };
    }
  }
}
