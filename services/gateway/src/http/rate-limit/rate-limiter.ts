import type { NextFunction, Request, Response } from "express";
import type { KeyValueStore } from "@starling/kv";
import { canonicalAddress, throttleableAddress } from "@starling/runtime";
import type { Throttle, ThrottledRequest } from "./throttles.ts";

/** What the limiter needs: the counters, the throttle table, who the token stands for, the clock. */
export interface RateLimiterOptions {
  kv: KeyValueStore;
  throttles: readonly Throttle[];
  /** The account id behind the request's bearer token, or undefined (none, app-only or invalid). */
  userIdOf(req: Request): Promise<string | undefined>;
  /** Client addresses never throttled (Mastodon safelists the loopback addresses). */
  safelist: readonly string[];
  now?: () => number;
}

interface Count {
  throttle: Throttle;
  count: number;
  resetAt: number;
}

/**
 * Express middleware counting each request against every matching throttle in fixed windows
 * (epoch buckets, as Rack::Attack does), answering 429 JSON once any limit is passed, and setting
 * X-RateLimit-Limit/Remaining/Reset for the most constrained matching throttle on every answer.
 * Counters live in the key-value store, so every gateway replica shares them.
 */
export function rateLimiter(options: RateLimiterOptions) {
  const now = options.now ?? Date.now;
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const client = canonicalAddress(req.ip ?? "");
      if (options.safelist.includes(client)) return next();
      const request: ThrottledRequest = { method: req.method, path: req.path, query: req.query as Record<string, unknown>, userId: await options.userIdOf(req) };
      const matching = options.throttles.filter((t) => t.applies(request));
      if (matching.length === 0) return next();
      const address = throttleableAddress(client);
      const counts = await Promise.all(matching.map((throttle) => count(options.kv, throttle, throttle.by === "user" ? `u:${request.userId}` : `a:${address}`, now())));
      const tightest = counts.reduce((a, b) => (remaining(b) < remaining(a) ? b : a));
      res.set(rateLimitHeaders(tightest.throttle.limit, remaining(tightest), tightest.resetAt));
      if (counts.some((c) => c.count > c.throttle.limit)) {
        res.status(429).json({ error: "Too many requests" });
        return;
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}

const remaining = (c: Count) => c.throttle.limit - c.count;

async function count(kv: KeyValueStore, throttle: Throttle, discriminator: string, at: number): Promise<Count> {
  const { count: value, resetAt } = await countInWindow(kv, `${throttle.name}:${discriminator}`, throttle.periodMs, at);
  return { throttle, count: value, resetAt };
}

/**
 * Adds `by` to the counter of `name` in the fixed window of `periodMs` holding `at`, in the shared
 * store (expiring with the window), and returns the new count and when the window ends.
 */
export async function countInWindow(kv: KeyValueStore, name: string, periodMs: number, at: number, by = 1): Promise<{ count: number; resetAt: number }> {
  const bucket = Math.floor(at / periodMs);
  const resetAt = (bucket + 1) * periodMs;
  const count = await kv.incr(`ratelimit:${name}:${bucket}`, { ttlMs: resetAt - at + 1_000, by });
  return { count, resetAt };
}

/** The X-RateLimit headers of an answer, as Mastodon sets them. */
export function rateLimitHeaders(limit: number, remaining: number, resetAt: number): Record<string, string> {
  return { "X-RateLimit-Limit": String(limit), "X-RateLimit-Remaining": String(Math.max(0, remaining)), "X-RateLimit-Reset": resetHeader(resetAt) };
}

/** ISO 8601 with microseconds, as Mastodon writes X-RateLimit-Reset. */
function resetHeader(resetAt: number): string {
  return new Date(resetAt).toISOString().replace(/\.(\d{3})Z$/, ".$1000Z");
}
