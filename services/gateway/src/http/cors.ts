import type { NextFunction, Request, Response } from "express";

const CORS_PATHS = /^\/(api\/|oauth\/token|oauth\/revoke|\.well-known\/|nodeinfo\/)/;

/**
 * CORS as Mastodon serves it: any origin may call the API, the token endpoint, well-known and
 * NodeInfo, and the pagination and rate-limit headers are readable by browser clients.
 */
export function cors(req: Request, res: Response, next: NextFunction): void {
  if (!CORS_PATHS.test(req.path)) return next();
  res.set({
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Methods": "POST, PUT, DELETE, GET, PATCH, OPTIONS",
    "Access-Control-Allow-Headers": req.headers["access-control-request-headers"] ?? "Authorization, Content-Type, Idempotency-Key",
    "Access-Control-Expose-Headers": "Link, X-RateLimit-Reset, X-RateLimit-Limit, X-RateLimit-Remaining, X-Request-Id, Idempotency-Key",
    "Access-Control-Max-Age": "7200",
  });
  if (req.method === "OPTIONS") {
    res.status(200).end();
    return;
  }
  next();
}
