import type { KeyValueStore } from "@starling/kv";
import { readThrough } from "./read-through.ts";

/** A proto message codec, as ts-proto generates it. */
export interface MessageCodec<T> {
  encode(message: T): { finish(): Uint8Array };
  decode(input: Uint8Array): T;
}

/** Copies of another service's entities, kept in the key-value store and dropped by that service's events. */
export interface EntityCopies<T> {
  /** The entities with these ids: cached copies, and one batched fetch from the owner for the rest. */
  getMany(ids: readonly string[]): Promise<Map<string, T>>;
  /** Drops the copies of these ids, so the next read fetches them from their owner. */
  forget(ids: readonly string[]): Promise<void>;
}

/** How one kind of entity is copied. */
export interface EntityCopiesOptions<T> {
  kv: KeyValueStore;
  /** Key prefix, unique per kind (`statuses:copy:account:`). */
  prefix: string;
  codec: MessageCodec<T>;
  idOf(entity: T): string;
  /** Fetches entities from their owning service in one call; unknown ids are simply missing. */
  fetch(ids: string[]): Promise<T[]>;
  /**
   * Bound on a copy's age. Events drop a copy when its entity changes; the bound covers the one
   * race they cannot (a fetch that read the entity before a change and stored it after the event).
   */
  ttlMs: number;
}

/**
 * Entity copies in the shared key-value store (Redis in production, so every replica sees one
 * copy and one invalidation), encoded as their proto messages.
 */
export function entityCopies<T>(options: EntityCopiesOptions<T>): EntityCopies<T> {
  const { kv, prefix, codec } = options;
  const key = (id: string) => prefix + id;
  return {
    getMany: (ids) =>
      readThrough(kv, ids, {
        keyOf: key,
        encode: (entity) => Buffer.from(codec.encode(entity).finish()).toString("base64"),
        decode: (stored) => codec.decode(Buffer.from(stored, "base64")),
        fetch: async (missing) => new Map((await options.fetch(missing)).map((entity) => [options.idOf(entity), entity])),
        ttlMs: options.ttlMs,
      }),
    async forget(ids) {
      if (ids.length > 0) await kv.del(...ids.map(key));
    },
  };
}
