/**
 * @starling/kv: the key-value port and its adapters. The contract suite lives apart, at
 * `@starling/kv/contract`, because it needs mocha and the testkit, which production images omit.
 */
export type {
  ExpiryOptions,
  IncrOptions,
  KeyValueStore,
  LexRangeQuery,
  MessageHandler,
  ScoredMember,
  ScoreRangeQuery,
  Unsubscribe,
} from "./key-value-store.ts";
export { createEmbeddedStore, type EmbeddedStoreOptions } from "./embedded-store.ts";
export { createRedisStore, type RedisStoreOptions } from "./redis-store.ts";
