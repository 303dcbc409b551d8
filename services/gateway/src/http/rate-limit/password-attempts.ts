import type { NextFunction, Request, Response } from "express";
import type { KeyValueStore } from "@starling/kv";
import { canonicalAddress, throttleableAddress } from "@starling/runtime";
import { rateLimitHeaders } from "./rate-limiter.ts";
import { countInTwoBuckets } from "./two-buckets.ts";

const MINUTE = 60_000;

/** A limit on failed password (or second-factor code) attempts, per client address or per account. */
export interface AttemptLimit {
  name: string;
  limit: number;
  periodMs: number;
  by: "address" | "account";
}

/**
 * 25 failed attempts per client (IPv6 /64) in 5 minutes, as Mastodon limits sign-in posts per
 * address; and 25 per account in 30 minutes, so guesses spread over many addresses still stop.
 * Both hold over any span of that length (see {@link countInTwoBuckets}).
 */
export const PASSWORD_ATTEMPT_LIMITS: readonly AttemptLimit[] = [
  { name: "password_attempts/ip", limit: 25, periodMs: 5 * MINUTE, by: "address" },
  { name: "password_attempts/account", limit: 25, periodMs: 30 * MINUTE, by: "account" },
];

/**
 * A request that checks a password or a second-factor code: `accountOf` names the account it is
 * tried against (an e-mail, or the signed-in account of a settings page), undefined when none.
 * Undefined from `matches` leaves the request alone.
 */
export interface PasswordCheck {
  method: string;
  path: RegExp;
  matches?(req: Request): boolean;
  accountOf(req: Request): Promise<string | undefined>;
}

export interface PasswordAttemptsOptions {
  kv: KeyValueStore;
  checks: readonly PasswordCheck[];
  limits?: readonly AttemptLimit[];
  now?: () => number;
}

/**
 * Throttles password guessing on every path that checks one. Each attempt takes one from every
 * limit before the password is checked, and gives it back when it succeeds, so concurrent guesses
 * cannot overshoot and correct sign-ins never use the allowance. Past a limit every attempt gets
 * 429 JSON until the window ends, a correct password too. No address is safelisted here: a guess
 * from loopback is still a guess. Counters live in the shared key-value store.
 */
export function passwordAttempts(options: PasswordAttemptsOptions) {
  const now = options.now ?? Date.now;
  const limits = options.limits ?? PASSWORD_ATTEMPT_LIMITS;
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const check = options.checks.find((c) => c.method === req.method && c.path.test(req.path) && (c.matches?.(req) ?? true));
      if (!check) return next();
      const address = `a:${throttleableAddress(canonicalAddress(req.ip ?? ""))}`;
      const account = await check.accountOf(req);
      const at = now();
      const keyed = limits.flatMap((limit) => (limit.by === "address" ? [{ limit, key: address }] : account ? [{ limit, key: `u:${account}` }] : []));
      const counts = await Promise.all(keyed.map(async (k) => ({ ...k, ...(await countInTwoBuckets(options.kv, `${k.limit.name}:${k.key}`, k.limit.periodMs, at)) })));
      const tightest = counts.reduce((a, b) => (b.limit.limit - b.count < a.limit.limit - a.count ? b : a));
      res.set(rateLimitHeaders(tightest.limit.limit, tightest.limit.limit - tightest.count, tightest.resetAt));
      if (counts.some((c) => c.count > c.limit.limit)) {
        res.status(429).json({ error: "Too many requests" });
        return;
      }
      res.on("finish", () => {
        if (res.statusCode >= 400) return;
        // A correct password gives its attempt back (same windows, even if the clock moved on).
        for (const c of counts) void countInTwoBuckets(options.kv, `${c.limit.name}:${c.key}`, c.limit.periodMs, at, -1).catch(() => undefined);
      });
      next();
    } catch (error) {
      next(error);
    }
  };
}
