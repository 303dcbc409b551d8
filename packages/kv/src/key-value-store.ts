/**
 * The key-value port. Services depend on this interface only; `createRedisStore` backs it in
 * production and `createEmbeddedStore` in tests and single-process runs, and one contract suite
 * (`@starling/kv/contract`) holds both to the same Redis semantics.
 */

/** Expiry applied when a key is written. */
export interface ExpiryOptions {
  /** Time to live in milliseconds; omitted means the key does not expire. */
  ttlMs?: number;
}

/** Options for {@link KeyValueStore.incr}. */
export interface IncrOptions {
  /** Integer added to the counter (default 1; negative decrements). */
  by?: number;
  /**
   * Expiry in milliseconds, applied only when this increment created the key, so the window is
   * fixed from the first hit rather than sliding with every hit — what a rate limiter needs.
   */
  ttlMs?: number;
}

/** One member of a sorted set with its score. */
export interface ScoredMember {
  /** Score the set is ordered by; ties are ordered by member byte order. */
  score: number;
  /** The member itself; unique within its set. */
  member: string;
}

/** Entries added to one sorted set by {@link KeyValueStore.zaddCappedMany}. */
export interface CappedWrite {
  key: string;
  entries: ScoredMember[];
}

/** A score range over a sorted set, as Redis `ZRANGE ... BYSCORE [REV] [LIMIT]`. */
export interface ScoreRangeQuery {
  /** Lowest score included (default −∞). */
  min?: number;
  /** Highest score included (default +∞). */
  max?: number;
  /** Excludes members scoring exactly `min`. */
  minExclusive?: boolean;
  /** Excludes members scoring exactly `max`. */
  maxExclusive?: boolean;
  /** `desc` walks from `max` down to `min`, as timelines read newest first. */
  order: "asc" | "desc";
  /** Matching members to skip before returning any (default 0). */
  offset?: number;
  /** Most members to return (default all). */
  count?: number;
}

/**
 * A lexicographic range over a sorted set whose members all share one score, as Redis
 * `ZRANGE ... BYLEX [REV] [LIMIT]`: members compare by their UTF-8 bytes. When scores differ the
 * result is unspecified, as in Redis.
 */
export interface LexRangeQuery {
  /** Lowest member included (default: unbounded). */
  min?: string;
  /** Highest member included (default: unbounded). */
  max?: string;
  /** Excludes a member equal to `min`. */
  minExclusive?: boolean;
  /** Excludes a member equal to `max`. */
  maxExclusive?: boolean;
  /** `desc` walks from `max` down to `min`. */
  order: "asc" | "desc";
  /** Most members to return (default all). */
  count?: number;
}

/** Handler for messages on one pub/sub channel. */
export type MessageHandler = (message: string) => void;

/** Stops one subscription; calling it again does nothing. */
export type Unsubscribe = () => Promise<void>;

/**
 * Strings with expiry, counters, sorted sets and pub/sub, with Redis semantics. A key holds either
 * a string or a sorted set; using it as the other kind rejects with a WRONGTYPE error.
 */
export interface KeyValueStore {
  /** The string at `key`, or null when the key does not exist or has expired. */
  get(key: string): Promise<string | null>;

  /** The strings at `keys`, in their order (null where {@link get} would answer null), in one command. */
  getMany(keys: readonly string[]): Promise<(string | null)[]>;

  /** Stores `value` at `key`, replacing any value or type, and clears or sets its expiry. */
  set(key: string, value: string, options?: ExpiryOptions): Promise<void>;

  /** Stores `value` only when `key` does not exist; resolves true when it stored it. */
  setIfAbsent(key: string, value: string, options?: ExpiryOptions): Promise<boolean>;

  /** Deletes the keys of any type; resolves how many existed. */
  del(...keys: string[]): Promise<number>;

  /**
   * Sets the expiry of an existing key to `ttlMs` from now (zero or less deletes it); resolves
   * false when the key does not exist.
   */
  expire(key: string, ttlMs: number): Promise<boolean>;

  /** Milliseconds until `key` expires, or null when it does not exist or never expires. */
  ttlMs(key: string): Promise<number | null>;

  /**
   * Atomically adds `by` (default 1) to the integer counter at `key`, creating it at 0 first, and
   * resolves the new value. Keeps an existing expiry; see {@link IncrOptions.ttlMs}.
   */
  incr(key: string, options?: IncrOptions): Promise<number>;

  /** Adds members to the sorted set at `key`, or updates the scores of existing ones. */
  zadd(key: string, entries: ScoredMember[]): Promise<void>;

  /**
   * Adds members, then in the same atomic step trims the set to its `maxSize` highest-scoring
   * members — a capped home feed that keeps the newest entries.
   */
  zaddCapped(key: string, entries: ScoredMember[], maxSize: number): Promise<void>;

  /**
   * {@link zaddCapped} on many sets at once, as one fan-out writes one status into many feeds: each
   * set's add-and-trim is atomic, and the writes travel together (one pipeline on Redis) instead of
   * a round trip each.
   */
  zaddCappedMany(writes: CappedWrite[], maxSize: number): Promise<void>;

  /** Removes members from the sorted set; resolves how many were present. */
  zrem(key: string, members: string[]): Promise<number>;

  /** Number of members in the sorted set (0 when the key does not exist). */
  zcard(key: string): Promise<number>;

  /** The member's score, or null when the member or the set does not exist. */
  zscore(key: string, member: string): Promise<number | null>;

  /** Members whose scores fall in the range, in the query's order, with their scores. */
  zrangeByScore(key: string, query: ScoreRangeQuery): Promise<ScoredMember[]>;

  /** Members within the lexicographic range, in the query's order. */
  zrangeByLex(key: string, query: LexRangeQuery): Promise<string[]>;

  /**
   * Removes members ranked `start` to `stop` inclusive in ascending order; negative indexes count
   * from the highest (−1 is the last). Resolves how many were removed.
   */
  zremRangeByRank(key: string, start: number, stop: number): Promise<number>;

  /** Adds `by` to the member's score (creating it at 0 first) and resolves the new score. */
  zincrby(key: string, by: number, member: string): Promise<number>;

  /** Sends `message` to every current subscriber of `channel`, in any process on this backend. */
  publish(channel: string, message: string): Promise<void>;

  /**
   * Calls `handler`, always asynchronously, for each message later published on `channel`; resolves
   * once the subscription is live, so a publish after that is seen. Handlers must not throw; one
   * that does is reported as a process warning and does not stop delivery to the others.
   */
  subscribe(channel: string, handler: MessageHandler): Promise<Unsubscribe>;

  /** Resolves when the backend answers; rejects promptly when it is unreachable (readiness). */
  ping(): Promise<void>;

  /** Releases connections and timers; later calls reject. */
  close(): Promise<void>;
}
