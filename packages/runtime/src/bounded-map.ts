/**
 * A Map of at most `capacity` entries: setting a new key when it is full drops the entry set longest
 * ago. The one shape of the per-replica memo caches (formatted instants, verified viewers, decoded
 * rows…), so none of them grows without bound. Delete then set a key to keep it as the newest
 * (least recently used goes first).
 */
export class BoundedMap<K, V> extends Map<K, V> {
  readonly #capacity: number;

  constructor(capacity: number) {
    super();
    this.#capacity = capacity;
  }

  override set(key: K, value: V): this {
    if (this.size >= this.#capacity && !this.has(key)) this.delete(this.keys().next().value as K);
    return super.set(key, value);
  }
}
