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
      res.set({
        "X-RateLimit-Limit": String(tightest.throttle.limit),
        "X-RateLimit-Remaining": String(Math.max(0, remaining(tightest))),
        "X-RateLimit-Reset": resetHeader(tightest.resetAt),
      });
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
  const bucket = Math.floor(at / throttle.periodMs);
  const resetAt = (bucket + 1) * throttle.periodMs;
  const value = await kv.incr(`ratelimit:${throttle.name}:${discriminator}:${bucket}`, { ttlMs: resetAt - at + 1_000 });
  return { throttle, count: value, resetAt };
}

/** ISO 8601 with microseconds, as Mastodon writes X-RateLimit-Reset. */
function resetHeader(resetAt: number): string {
  return new Date(resetAt).toISOString().replace(/\.(\d{3})Z$/, ".$1000Z");
}
