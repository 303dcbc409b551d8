/**
 * The embedded bus's delivery log: one array per partition with Kafka-style offsets. Messages are
 * kept encoded, so consumers get fresh copies exactly as they would from a broker. A publisher
 * inside a database transaction reserves its offsets first and fills them when the transaction
 * commits (or abandons them when it rolls back); readers stop at the first reserved slot, so
 * nothing is delivered before it is durable and one partition stays in offset order.
 */

/** One stored message. */
export interface StoredMessage {
  offset: number;
  key: string;
  bytes: Uint8Array;
  headers: Record<string, string>;
}

/** What a read found: the messages, and the position after the last slot it settled (holes included). */
export interface LogRead {
  messages: StoredMessage[];
  next: number;
}

// A slot: a message, PENDING (reserved, its transaction still open) or HOLE (rolled back).
const PENDING = 0;
const HOLE = 1;
type Slot = StoredMessage | typeof PENDING | typeof HOLE;

/** A partition: offsets start at `base` and never repeat, even after old messages are dropped. */
export class PartitionLog {
  #base: number;
  #slots: Slot[] = [];

  constructor(base = 0) {
    this.#base = base;
  }

  /** Offset of the oldest slot still held. */
  get start(): number {
    return this.#base;
  }

  /** Offset the next reserved or appended message gets. */
  get end(): number {
    return this.#base + this.#slots.length;
  }

  /** Appends a message and returns its offset. */
  append(key: string, bytes: Uint8Array, headers: Record<string, string>): number {
    const offset = this.reserve(1);
    this.fill({ offset, key, bytes, headers });
    return offset;
  }

  /** Reserves `count` consecutive offsets for messages not yet durable; returns the first. */
  reserve(count: number): number {
    const first = this.end;
    for (let i = 0; i < count; i++) this.#slots.push(PENDING);
    return first;
  }

  /** Puts a message into its reserved slot. */
  fill(message: StoredMessage): void {
    this.#slots[message.offset - this.#base] = message;
  }

  /** Gives up reserved slots whose transaction rolled back; readers step over them. */
  abandon(first: number, count: number): void {
    for (let i = 0; i < count; i++) this.#slots[first + i - this.#base] = HOLE;
  }

  /** Up to `max` messages from `from` on, stopping at the first pending slot (below start reads from start). */
  read(from: number, max: number): LogRead {
    const messages: StoredMessage[] = [];
    let index = Math.max(0, from - this.#base);
    for (; index < this.#slots.length && messages.length < max; index++) {
      const slot = this.#slots[index]!;
      if (slot === PENDING) break;
      if (slot !== HOLE) messages.push(slot);
    }
    return { messages, next: Math.max(from, this.#base + index) };
  }

  /**
   * Drops settled slots below `offset`, in chunks (splicing per message would be quadratic); returns
   * how many went, so a durable copy can be trimmed alongside.
   */
  dropBefore(offset: number): number {
    const pending = this.#slots.indexOf(PENDING);
    const limit = pending === -1 ? this.#slots.length : pending;
    const count = Math.min(offset - this.#base, limit);
    if (count <= 0 || (count < 256 && count < this.#slots.length)) return 0;
    this.#slots.splice(0, count);
    this.#base += count;
    return count;
  }
}
