/**
 * The embedded store's sorted set: a sorted array plus a member → score map. Inserts and removals
 * are O(n) array splices, which is fine at the sizes a test or a single-process run holds; ranges
 * are binary searches, so reading a page of a long timeline stays cheap.
 */
import { compareBytes } from "./byte-order.ts";
import type { LexRangeQuery, ScoredMember, ScoreRangeQuery } from "./key-value-store.ts";

/** A Redis-ordered sorted set: by score, ties by member byte order. */
export class SortedSet {
  readonly #scores = new Map<string, number>();
  readonly #ordered: ScoredMember[] = [];

  /** Number of members. */
  get size(): number {
    return this.#ordered.length;
  }

  /** The member's score, or null when absent. */
  score(member: string): number | null {
    return this.#scores.get(member) ?? null;
  }

  /** Adds the member or moves it to its new score. */
  add(score: number, member: string): void {
    if (Number.isNaN(score)) throw new Error("ERR value is not a valid float");
    this.remove(member);
    const at = firstIndex(this.#ordered, (entry) => compareEntries(entry, score, member) > 0);
    this.#ordered.splice(at, 0, { score, member });
    this.#scores.set(member, score);
  }

  /** Removes the member; true when it was present. */
  remove(member: string): boolean {
    const score = this.#scores.get(member);
    if (score === undefined) return false;
    const at = firstIndex(this.#ordered, (entry) => compareEntries(entry, score, member) >= 0);
    this.#ordered.splice(at, 1);
    this.#scores.delete(member);
    return true;
  }

  /** Adds `by` to the member's score, starting from 0, and returns the new score. */
  incrBy(by: number, member: string): number {
    const score = (this.#scores.get(member) ?? 0) + by;
    this.add(score, member);
    return score;
  }

  /** Members with scores in range, ordered and paged as the query asks. */
  rangeByScore(query: ScoreRangeQuery): ScoredMember[] {
    const { min = -Infinity, max = Infinity } = query;
    const low = firstIndex(this.#ordered, (e) => (query.minExclusive ? e.score > min : e.score >= min));
    const high = firstIndex(this.#ordered, (e) => (query.maxExclusive ? e.score >= max : e.score > max));
    return this.#walk(low, high, query.order, query.offset ?? 0, query.count).map((e) => ({ ...e }));
  }

  /** Members within the lexicographic range; meaningful only when all scores are equal. */
  rangeByLex(query: LexRangeQuery): string[] {
    const { min, max } = query;
    const ordered = this.#ordered;
    const low = min === undefined ? 0 : firstIndex(ordered, (e) => atOrPast(compareBytes(e.member, min), !query.minExclusive));
    const high = max === undefined ? ordered.length : firstIndex(ordered, (e) => atOrPast(compareBytes(e.member, max), !!query.maxExclusive));
    return this.#walk(low, high, query.order, 0, query.count).map((e) => e.member);
  }

  /** Removes ascending ranks `start`..`stop` with Redis's index rules; returns how many. */
  removeRangeByRank(start: number, stop: number): number {
    const length = this.size;
    const from = start < 0 ? Math.max(start + length, 0) : start;
    const to = Math.min(stop < 0 ? stop + length : stop, length - 1);
    if (from > to || from >= length) return 0;
    const removed = this.#ordered.splice(from, to - from + 1);
    for (const entry of removed) this.#scores.delete(entry.member);
    return removed.length;
  }

  /** Entries in [low, high) walked in `order`, skipping `offset`, at most `count` (negative = all). */
  #walk(low: number, high: number, order: "asc" | "desc", offset: number, count: number | undefined): ScoredMember[] {
    if (high <= low || offset < 0) return [];
    const span = this.#ordered.slice(low, high);
    if (order === "desc") span.reverse();
    const end = count === undefined || count < 0 ? undefined : offset + count;
    return span.slice(offset, end);
  }
}

// Whether a member compared against a bound sits past it, counting equality as past when asked.
function atOrPast(comparison: number, equalCounts: boolean): boolean {
  return comparison > 0 || (comparison === 0 && equalCounts);
}

function compareEntries(entry: ScoredMember, score: number, member: string): number {
  return entry.score !== score ? entry.score - score : compareBytes(entry.member, member);
}

// Binary search for the first index whose entry satisfies a predicate that is monotone over the array.
function firstIndex(entries: ScoredMember[], isPast: (entry: ScoredMember) => boolean): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (isPast(entries[middle]!)) high = middle;
    else low = middle + 1;
  }
  return low;
}
