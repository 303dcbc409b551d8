import { hash } from "node:crypto";
import type { NextFunction, Request, Response } from "express";

/**
 * Express 5 parses the query string again at every read of `req.query`, and works the client
 * address out of the socket and the trusted proxies again at every read of `req.ip`; a request
 * reads both several times (limits, IP blocks, parameters, Link header). Neither can change during
 * a request, so each is worked out once, at the first middleware, and kept on the request.
 */
export function requestValuesOnce(req: Request, _res: Response, next: NextFunction): void {
  Object.defineProperty(req, "query", { value: req.query, writable: true, enumerable: true, configurable: true });
  Object.defineProperty(req, "ip", { value: req.ip, writable: true, enumerable: true, configurable: true });
  next();
}

/**
 * The weak ETag Express sets by default (`W/"<length in hex>-<27 characters of the base64 SHA-1>"`,
 * from the etag package), made with one-shot hashing instead of a Hash object per answer.
 */
export function weakETag(body: Buffer | string): string {
  const length = typeof body === "string" ? Buffer.byteLength(body) : body.length;
  if (length === 0) return 'W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"';
  return `W/"${length.toString(16)}-${hash("sha1", body, "base64").slice(0, 27)}"`;
}
