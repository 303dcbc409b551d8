import { request as httpRequest } from "node:http";
import type { NextFunction, Request, Response } from "express";

/**
 * Paths the federation service answers (ActivityPub, its discovery documents, and the pages of
 * Mastodon's short /@user paths, /tags and /emojis); in Kubernetes the ingress sends them there directly.
 */
export const FEDERATION_PATHS = /^\/(\.well-known\/(webfinger|host-meta|nodeinfo)|nodeinfo\/|users\/|inbox$|actor(\/inbox|\/outbox)?$|@[^/]|tags\/|emojis\/)/;

/** Paths the media service's file server answers (the public URLs of stored media). */
export const MEDIA_FILE_PATHS = /^\/system\//;

/**
 * Streams federation paths to the federation service when the gateway is the only entry point
 * (the embedded run, Docker hosts without an ingress). Bodies are piped, never buffered.
 */
export const federationProxy = (federationUrl: string) => pathProxy(FEDERATION_PATHS, federationUrl, "federation service");

/** Streams `/system/*` (stored media files) to the media service's HTTP server, as the ingress does in Kubernetes. */
export const mediaFilesProxy = (mediaHttpUrl: string) => pathProxy(MEDIA_FILE_PATHS, mediaHttpUrl, "media service");

/** Forwards requests whose path matches `paths` to the HTTP server at `targetUrl`, piping both ways. */
export function pathProxy(paths: RegExp, targetUrl: string, what: string) {
  const target = new URL(targetUrl);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!paths.test(req.path)) return next();
    const upstream = httpRequest(
      { hostname: target.hostname, port: target.port, path: req.originalUrl, method: req.method, headers: { ...req.headers, "x-forwarded-host": req.headers.host ?? "" } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.setTimeout(10_000, () => upstream.destroy(new Error(`${what} timed out`)));
    upstream.on("error", () => {
      if (!res.headersSent) res.status(503).json({ error: "There was a temporary problem serving your request, please try again" });
      else res.destroy();
    });
    req.pipe(upstream);
  };
}
