/**
 * Translation between the port's range queries and Redis's argument syntax: `(` marks an exclusive
 * bound, `[` an inclusive lex bound, `-inf`/`+inf` and `-`/`+` the open ends, and `REV` swaps the
 * order of the two bounds.
 */
import type { LexRangeQuery, ScoredMember, ScoreRangeQuery } from "./key-value-store.ts";

/** Renders a score as Redis parses it; rejects NaN, which Redis would refuse anyway. */
export function formatScore(score: number): string {
  if (Number.isNaN(score)) throw new Error("ERR value is not a valid float");
  if (score === Infinity) return "+inf";
  if (score === -Infinity) return "-inf";
  return String(score);
}

/** Parses a score Redis returned (`%.17g`, so exact, or `inf`/`-inf`). */
export function parseScore(reply: string): number {
  if (reply === "inf" || reply === "+inf") return Infinity;
  if (reply === "-inf") return -Infinity;
  return Number(reply);
}

/** Arguments after the key for `ZRANGE key ... BYSCORE [REV] [LIMIT] WITHSCORES`. */
export function scoreRangeArguments(query: ScoreRangeQuery): string[] {
  const min = (query.minExclusive ? "(" : "") + formatScore(query.min ?? -Infinity);
  const max = (query.maxExclusive ? "(" : "") + formatScore(query.max ?? Infinity);
  const bounds = query.order === "desc" ? [max, min, "BYSCORE", "REV"] : [min, max, "BYSCORE"];
  return [...bounds, ...limit(query.offset, query.count), "WITHSCORES"];
}

/** Arguments after the key for `ZRANGE key ... BYLEX [REV] [LIMIT]`. */
export function lexRangeArguments(query: LexRangeQuery): string[] {
  const min = query.min === undefined ? "-" : (query.minExclusive ? "(" : "[") + query.min;
  const max = query.max === undefined ? "+" : (query.maxExclusive ? "(" : "[") + query.max;
  const bounds = query.order === "desc" ? [max, min, "BYLEX", "REV"] : [min, max, "BYLEX"];
  return [...bounds, ...limit(0, query.count)];
}

/** Pairs a flat `member, score, member, score` reply into entries. */
export function pairWithScores(reply: string[]): ScoredMember[] {
  const entries: ScoredMember[] = [];
  for (let i = 0; i + 1 < reply.length; i += 2) entries.push({ member: reply[i]!, score: parseScore(reply[i + 1]!) });
  return entries;
}

// Redis takes LIMIT only as an offset/count pair; a negative count means "all".
function limit(offset: number | undefined, count: number | undefined): string[] {
  if (!offset && count === undefined) return [];
  return ["LIMIT", String(offset ?? 0), String(count ?? -1)];
}
