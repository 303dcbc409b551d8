import type { NextFunction, Request, Response } from "express";
import { canonicalAddress } from "@starling/runtime";
import type { IpBlockList } from "./ip-block-list.ts";

/**
 * Checks the client's address (the forwarded one when the request came through a trusted proxy,
 * per the app's `trust proxy`) against the IP blocks: `no_access` is refused here with 403, as
 * Mastodon's Rack::Attack blocklist answers; a milder block is left in `res.locals.ipBlock` for
 * the sign-up route.
 */
export function ipAccess(blocks: IpBlockList) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const severity = await blocks.severityAt(canonicalAddress(req.ip ?? ""));
      if (severity === "no_access") return void res.status(403).json({ error: "Forbidden" });
      res.locals.ipBlock = severity;
      next();
    } catch (error) {
      next(error);
    }
  };
}
