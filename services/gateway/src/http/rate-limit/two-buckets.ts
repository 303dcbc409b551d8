import type { KeyValueStore } from "@starling/kv";

/**
 * Adds `by` to the counter of `name` in the fixed bucket of `periodMs` holding `at`, and returns
 * this bucket's count plus the previous bucket's. Any `periodMs` span lies within two neighbouring
 * buckets, so a limit on this sum holds over every span of that length; fixed buckets alone let
 * twice the limit through across a boundary, which a limit on password guesses must not. The price
 * is a lockout of one to two periods. `resetAt` is when the sum empties. Each bucket lives for two
 * periods, as the next one still reads it.
 */
export async function countInTwoBuckets(kv: KeyValueStore, name: string, periodMs: number, at: number, by = 1): Promise<{ count: number; resetAt: number }> {
  const bucket = Math.floor(at / periodMs);
  const start = bucket * periodMs;
  const [current, previous] = await Promise.all([
    kv.incr(`ratelimit:${name}:${bucket}`, { ttlMs: start + 2 * periodMs - at + 1_000, by }),
    kv.get(`ratelimit:${name}:${bucket - 1}`),
  ]);
  return { count: current + Number(previous ?? 0), resetAt: current > 0 ? start + 2 * periodMs : start + periodMs };
}
