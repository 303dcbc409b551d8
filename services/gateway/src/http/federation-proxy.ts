import { request as httpRequest } from "node:http";
import type { NextFunction, Request, Response } from "express";

/** Paths the federation service answers; in Kubernetes the ingress sends them there directly. */
export const FEDERATION_PATHS = /^\/(\.well-known\/(webfinger|host-meta|nodeinfo)|nodeinfo\/|users\/|inbox$|actor$)/;

/**
 * Streams federation paths to the federation service when the gateway is the only entry point
 * (the embedded run, Docker hosts without an ingress). Bodies are piped, never buffered.
 */
export function federationProxy(federationUrl: string) {
  const target = new URL(federationUrl);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!FEDERATION_PATHS.test(req.path)) return next();
    const upstream = httpRequest(
      { hostname: target.hostname, port: target.port, path: req.originalUrl, method: req.method, headers: { ...req.headers, "x-forwarded-host": req.headers.host ?? "" } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.setTimeout(10_000, () => upstream.destroy(new Error("federation service timed out")));
    upstream.on("error", () => {
      if (!res.headersSent) res.status(503).json({ error: "There was a temporary problem serving your request, please try again" });
      else res.destroy();
    });
    req.pipe(upstream);
  };
}
