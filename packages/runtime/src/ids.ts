import { randomInt } from "node:crypto";

/**
 * Time-ordered 64-bit ids as decimal strings: milliseconds since the epoch shifted left 16 bits,
 * plus 16 low bits made of a per-process random 6-bit stamp and a 10-bit sequence. Sorting ids
 * sorts by creation time (what feeds and pagination rely on); the stamp keeps replicas that write
 * in the same millisecond apart, and the primary key catches the rare collision left.
 */
export function createIdGenerator(now: () => number = Date.now): () => string {
  const stamp = BigInt(randomInt(64)) << 10n;
  let lastMs = 0;
  let sequence = 0;
  return () => {
    let ms = now();
    if (ms <= lastMs) {
      ms = lastMs;
      sequence += 1;
      if (sequence > 1023) {
        ms = lastMs + 1; // borrow the next millisecond rather than wrap into a duplicate
        sequence = 0;
      }
    } else {
      sequence = 0;
    }
    lastMs = ms;
    return ((BigInt(ms) << 16n) | stamp | BigInt(sequence)).toString();
  };
}

/** The smallest id that a record made at `date` can have: the lower bound for time-based queries. */
export function idFloorForDate(date: Date): string {
  return (BigInt(date.getTime()) << 16n).toString();
}

/** The creation time encoded in an id. */
export function dateOfId(id: string): Date {
  return new Date(Number(BigInt(id) >> 16n));
}
