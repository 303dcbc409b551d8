import type { IncomingMessage } from "node:http";
import type { Viewer } from "@starling/runtime";
import type { TokenResolver } from "../http/authenticate.ts";
import { isPublicStream, StreamError } from "./stream-catalog.ts";

/**
 * The token of a streaming request, in Mastodon's order: the Authorization header (any `Bearer `
 * prefix removed), the access_token query parameter, then Sec-WebSocket-Protocol, which browsers
 * can set on a WebSocket when they cannot set headers.
 */
export function streamToken(req: IncomingMessage, query: URLSearchParams): string | undefined {
  const header = req.headers.authorization?.replace(/^Bearer\s+/i, "").trim();
  return header || query.get("access_token") || req.headers["sec-websocket-protocol"]?.split(",")[0]?.trim() || undefined;
}

/** The token's viewer; an unknown or revoked token is refused (401), a missing one is anonymous. */
export async function streamViewer(tokens: TokenResolver, token: string | undefined): Promise<Viewer | undefined> {
  if (!token) return undefined;
  return tokens.resolve(token).catch((error: { status?: number }) => {
    throw error.status === 401 ? new StreamError(401, "Invalid access token") : error;
  });
}

/** Refuses an anonymous connection when the instance wants a token, or for a stream that needs one. */
export function refuseAnonymous(viewer: Viewer | undefined, requireToken: boolean, stream?: string): StreamError | undefined {
  if (viewer) return undefined;
  if (requireToken || (stream !== undefined && !isPublicStream(stream))) return new StreamError(401, "Missing access token");
  return undefined;
}
