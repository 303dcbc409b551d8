import type { NextFunction, Request, Response } from "express";
import type { Database } from "@starling/db";
import { hostPolicy } from "../data/instance-blocks-queries.ts";
import { federationRefused } from "../domain/host-policy.ts";

/** The host of the key that signed a request (draft-cavage `Signature` or RFC 9421 `Signature-Input`), if any. */
export function signingHost(headers: { signature?: string | undefined; "signature-input"?: string | undefined }): string | undefined {
  const keyId = /keyId="([^"]+)"/i.exec(headers.signature ?? "")?.[1] ?? /keyid="([^"]+)"/i.exec(headers["signature-input"] ?? "")?.[1];
  if (!keyId) return undefined;
  try {
    return new URL(keyId).host;
  } catch {
    return undefined;
  }
}

/**
 * Refuses an inbox POST signed by a suspended server (or, in limited-federation mode, by one not
 * allowed) with 403 before Fedify reads it: nothing of it is stored, and its key is not even
 * fetched. Unsigned posts go on to Fedify, which refuses them itself. A signed GET from such a
 * server (authorized fetch) is refused the same way: it named itself, and gets nothing.
 */
export function refuseBlockedSenders(db: Database, limitedFederation: boolean) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const inboxPost = req.method === "POST" && /\/inbox\/?$/.test(req.path);
    if (!inboxPost && req.method !== "GET" && req.method !== "HEAD") return next();
    const host = signingHost({ signature: req.get("signature"), "signature-input": req.get("signature-input") });
    if (!host) return next();
    try {
      if (!federationRefused(await hostPolicy(db, host), limitedFederation)) return next();
    } catch (error) {
      return next(error);
    }
    // Read and drop the body, so the sender sees the answer rather than a reset connection.
    req.resume();
    res.status(403).json({ error: inboxPost ? "This server does not accept activities from your server" : "This server does not serve your server" });
  };
}
