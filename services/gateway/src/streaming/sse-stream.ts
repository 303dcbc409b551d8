/**
 * Server-sent events: GET /api/v1/streaming/<path> streams one stream as `event:`/`data:` pairs,
 * after `:)` and with a `:thump` comment at every heartbeat. Auth and scopes are checked before the
 * stream opens (401, 404 as Mastodon answers them, in JSON).
 */
import type { Request, Response } from "express";
import type { Viewer } from "@starling/runtime";
import { openableStream } from "./owned-stream.ts";
import { isTruthy, sseStreamName, StreamError, type ResolvedStream } from "./stream-catalog.ts";
import { refuseAnonymous, streamToken, streamViewer } from "./stream-viewer.ts";
import type { LiveClient, StreamingCore } from "./streaming-core.ts";

/** One SSE response as a stream client: dropped once it leaves more than `maxBuffered` bytes unread. */
class SseClient implements LiveClient {
  readonly viewer: Viewer | undefined;
  readonly #res: Response;
  readonly #maxBuffered: number;
  readonly #onSlow: () => void;

  constructor(res: Response, viewer: Viewer | undefined, maxBuffered: number, onSlow: () => void) {
    this.#res = res;
    this.viewer = viewer;
    this.#maxBuffered = maxBuffered;
    this.#onSlow = onSlow;
  }

  send(_stream: ResolvedStream, event: string, payload: string): void {
    this.#write(`event: ${event}\ndata: ${payload}\n\n`);
  }

  heartbeat(): void {
    this.#write(":thump\n");
  }

  close(): void {
    this.#res.end();
  }

  #write(text: string): void {
    if (this.#res.writableEnded || this.#res.destroyed) return;
    if (this.#res.writableLength > this.#maxBuffered) {
      this.#onSlow();
      this.#res.destroy();
      return;
    }
    this.#res.write(text);
  }
}

/** The handler of every SSE stream path (mounted under /api/v1/streaming). */
export function sseHandler(core: StreamingCore) {
  return async (req: Request, res: Response): Promise<void> => {
    const query = new URLSearchParams(req.url.split("?")[1] ?? "");
    const name = sseStreamName(req.path.replace(/\/$/, ""), isTruthy(query.get("only_media")));
    try {
      const viewer = await streamViewer(core.tokens, streamToken(req, query));
      const refused = refuseAnonymous(viewer, core.config.STREAMING_REQUIRE_TOKEN, name ?? "user");
      if (refused) throw refused;
      if (!name) throw new StreamError(404, "Not found");
      const stream = await openableStream(core, { stream: name, tag: query.get("tag") ?? undefined, list: query.get("list") ?? undefined }, viewer);
      if (stream instanceof StreamError) throw stream;
      res.status(200).set({ "Content-Type": "text/event-stream", "Cache-Control": "no-store", "X-Accel-Buffering": "no" });
      res.flushHeaders();
      res.write(":)\n");
      const client = new SseClient(res, viewer, core.config.STREAMING_MAX_BUFFERED_BYTES, () => core.dropped("slow"));
      core.connected(client);
      res.on("close", () => core.disconnected(client));
      await core.hub.join(client, stream);
      // Closed while the channels were being subscribed: its disconnect ran before this join.
      if (res.destroyed || res.writableEnded) core.hub.leave(client);
    } catch (error) {
      if (res.headersSent) return void res.destroy();
      const status = error instanceof StreamError ? error.status : 503;
      if (!(error instanceof StreamError)) core.logger.warn({ err: error }, "stream not opened");
      res.status(status).json({ error: error instanceof StreamError ? error.message : "The stream could not be opened" });
    }
  };
}
