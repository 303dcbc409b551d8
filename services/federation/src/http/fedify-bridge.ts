import { Readable } from "node:stream";
import type { NextFunction, Request as ExpressRequest, Response } from "express";
import type { Federation } from "@fedify/fedify";

/**
 * The request as a fetch Request on the public base URL (what signatures and ids refer to), its
 * body streamed through.
 */
export function webRequest(req: ExpressRequest, baseUrl: string): Request {
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  return new Request(new URL(req.originalUrl, baseUrl), {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    ...(hasBody ? { duplex: "half" } : {}),
  } as RequestInit);
}

/**
 * Express middleware handing requests to Fedify through `federation.fetch` (the integration Fedify
 * documents for frameworks without an adapter of their own). The request URL is rebuilt on the
 * public base URL, so signatures and ids refer to the address other servers used. Routes Fedify
 * does not know fall through to the next handler; HTML requests for an actor are redirected to the
 * profile page (Fedify's "not acceptable"), as Mastodon sends browsers there.
 */
export function fedifyMiddleware<T>(
  federation: Federation<T>,
  options: {
    baseUrl: string;
    contextData: (req: ExpressRequest) => T;
    profileUrl: (path: string) => string | null;
    /** Rewrites an ActivityPub document Fedify served (what its vocabulary cannot express). */
    extendJson?: (path: string, json: unknown, contextData: T) => Promise<unknown>;
  },
) {
  return async (req: ExpressRequest, res: Response, next: NextFunction) => {
    try {
      const request = webRequest(req, options.baseUrl);
      let passed = false;
      const response = await federation.fetch(request, {
        contextData: options.contextData(req),
        onNotFound: () => {
          passed = true;
          return new Response(null, { status: 404 });
        },
        onNotAcceptable: () => {
          const profile = options.profileUrl(req.path);
          if (!profile) {
            passed = true;
            return new Response(null, { status: 406 });
          }
          return new Response(null, { status: 302, headers: { location: profile, vary: "Accept" } });
        },
        // Authorized-fetch refusals, with Mastodon's reasons as a JSON error.
        onUnauthorized: (refused) => {
          const signed = refused.headers.has("signature") || refused.headers.has("signature-input");
          return Response.json({ error: signed ? "Verification failed" : "Request not signed" }, { status: 401 });
        },
      });
      if (passed) return next();
      let body = Buffer.from(await response.arrayBuffer());
      const json = /^application\/(activity|ld)\+json/.test(response.headers.get("content-type") ?? "");
      if (options.extendJson && response.ok && json && req.method === "GET") {
        body = Buffer.from(JSON.stringify(await options.extendJson(req.path, JSON.parse(body.toString("utf8")), options.contextData(req))));
      }
      res.status(response.status);
      response.headers.forEach((value, name) => res.setHeader(name, value));
      res.setHeader("content-length", body.length);
      res.end(body);
    } catch (error) {
      next(error);
    }
  };
}
