/**
 * The embedded bus's storage: one append-only array per partition with Kafka-style offsets. Messages
 * are kept encoded, so consumers get fresh copies exactly as they would from a broker.
 */

/** One stored message. */
export interface StoredMessage {
  offset: number;
  key: string;
  bytes: Uint8Array;
  headers: Record<string, string>;
}

/** A partition: offsets start at 0 and never repeat, even after old messages are dropped. */
export class PartitionLog {
  #base = 0;
  #items: StoredMessage[] = [];

  /** Offset of the oldest message still held. */
  get start(): number {
    return this.#base;
  }

  /** Offset the next appended message gets. */
  get end(): number {
    return this.#base + this.#items.length;
  }

  /** Appends a message and returns its offset. */
  append(key: string, bytes: Uint8Array, headers: Record<string, string>): number {
    const offset = this.end;
    this.#items.push({ offset, key, bytes, headers });
    return offset;
  }

  /** Up to `max` messages from `from` on (a position below start reads from start). */
  read(from: number, max: number): StoredMessage[] {
    const index = Math.max(0, from - this.#base);
    return this.#items.slice(index, index + max);
  }

  /** Drops messages below `offset`; done in chunks, since splicing per message would be quadratic. */
  dropBefore(offset: number): void {
    const count = Math.min(offset, this.end) - this.#base;
    if (count < 256 && count < this.#items.length) return;
    if (count <= 0) return;
    this.#items.splice(0, count);
    this.#base += count;
  }
}
