/**
 * When to try a delivery again and what an answer means, after Mastodon's delivery worker: 16 tries
 * spaced by (n⁴ + 15 s) plus jitter (about two days and a half in all), 2xx delivered, a 4xx other
 * than 401/408/429 (and 501) given up at once, anything else retried.
 */

/** What became of one POST. */
export type AttemptOutcome = "delivered" | "rejected" | "retry";

/**
 * 401 is retried because a key the receiver cached may simply be stale; 408 and 429 are the
 * receiver asking for later; 501 means it will never take the activity.
 */
export function outcomeOfStatus(status: number): AttemptOutcome {
  if (status >= 200 && status < 300) return "delivered";
  if (status === 501) return "rejected";
  if (status >= 400 && status < 500 && ![401, 408, 429].includes(status)) return "rejected";
  return "retry";
}

/**
 * Pause before the next try after `attempts` failed ones: (n⁴ + 15) seconds plus up to half of n⁴
 * and ten seconds per try of jitter, so deliveries that failed together do not return together.
 * `scale` multiplies the whole (tests use 0.001).
 */
export function retryDelayMs(attempts: number, scale: number, random: () => number = Math.random): number {
  const base = attempts ** 4 + 15;
  const jitter = random() * (attempts ** 4 / 2 + 10 * (attempts + 1));
  return Math.round((base + jitter) * 1_000 * scale);
}

/** How long a circuit stays open the `openings`-th time since the last success: doubling from `firstMs`, at most `maxMs`. */
export function circuitOpenMs(openings: number, firstMs: number, maxMs: number): number {
  return Math.min(maxMs, firstMs * 2 ** Math.max(0, Math.min(openings - 1, 40)));
}
