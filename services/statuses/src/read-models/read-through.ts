import type { KeyValueStore } from "@starling/kv";

/** How one kind of value is read through the key-value store. */
export interface ReadThroughOptions<T> {
  keyOf(id: string): string;
  encode(value: T): string;
  /** The value stored for `id`. */
  decode(stored: string, id: string): T;
  /** The values of the ids the store lacks, in one call; ids it leaves out stay unknown and uncached. */
  fetch(missing: string[]): Promise<Map<string, T>>;
  ttlMs: number;
}

/**
 * The values of `ids`: what the store holds, and one batched fetch for the rest, which is stored
 * for `ttlMs`. The one read-through path of the status page's copies and cached standings.
 */
export async function readThrough<T>(kv: KeyValueStore, ids: readonly string[], options: ReadThroughOptions<T>): Promise<Map<string, T>> {
  const wanted = [...new Set(ids)];
  const found = new Map<string, T>();
  if (wanted.length === 0) return found;
  // One MGET rather than a GET per id: a page reads dozens of keys, and each command costs the client as much as its bytes.
  const cached = await kv.getMany(wanted.map((id) => options.keyOf(id)));
  const missing = wanted.filter((id, i) => {
    const value = cached[i];
    if (value !== null && value !== undefined) found.set(id, options.decode(value, id));
    return value === null || value === undefined;
  });
  if (missing.length === 0) return found;
  const fetched = await options.fetch(missing);
  await Promise.all(
    [...fetched].map(([id, value]) => {
      found.set(id, value);
      return kv.set(options.keyOf(id), options.encode(value), { ttlMs: options.ttlMs });
    }),
  );
  return found;
}
