/**
 * WebSocket streaming on /api/v1/streaming: `stream` (with `tag`, `list`) in the query opens a
 * first stream, and `{"type":"subscribe"|"unsubscribe","stream":…}` messages add and remove more
 * on the same socket. Every event is a frame `{"stream":[…],"event":…,"payload":"<string>"}`.
 * An invalid token fails the handshake (401); a stream refused by a message gets an error frame
 * and the socket stays open, as Mastodon; a refused first stream gets the error frame, then a clean
 * close (1008), so a client asking for what its token cannot read is told and let go.
 */
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { Viewer } from "@starling/runtime";
import { WebSocket, WebSocketServer, type RawData } from "ws";
import { openableStream } from "./owned-stream.ts";
import { resolveStream, StreamError, type ResolvedStream, type StreamRequest } from "./stream-catalog.ts";
import { refuseAnonymous, streamToken, streamViewer } from "./stream-viewer.ts";
import type { LiveClient, StreamingCore } from "./streaming-core.ts";

/** The path WebSocket clients connect to. */
export const WEBSOCKET_PATH = "/api/v1/streaming";

// Consecutive sends of one payload (one event to many sockets) encode it once.
let lastPayload = "";
let lastEncoded = '""';
const encodedPayload = (payload: string) => (payload === lastPayload ? lastEncoded : ((lastPayload = payload), (lastEncoded = JSON.stringify(payload))));

class WebSocketClient implements LiveClient {
  readonly viewer: Viewer | undefined;
  /** Its streams by label, so a repeated subscribe is a no-op and unsubscribe finds what to leave. */
  readonly streams = new Map<string, ResolvedStream>();
  readonly #socket: WebSocket;
  readonly #maxBuffered: number;
  readonly #onDrop: (reason: "slow" | "unresponsive") => void;
  #alive = true;

  constructor(socket: WebSocket, viewer: Viewer | undefined, maxBuffered: number, onDrop: (reason: "slow" | "unresponsive") => void) {
    this.#socket = socket;
    this.viewer = viewer;
    this.#maxBuffered = maxBuffered;
    this.#onDrop = onDrop;
    socket.on("pong", () => (this.#alive = true));
  }

  send(stream: ResolvedStream, event: string, payload: string): void {
    this.#frame(`{"stream":${JSON.stringify(stream.label)},"event":${JSON.stringify(event)},"payload":${encodedPayload(payload)}}`);
  }

  error(message: string): void {
    this.#frame(JSON.stringify({ error: message }));
  }

  /** Whether the socket is closing or closed. */
  get gone(): boolean {
    return this.#socket.readyState === WebSocket.CLOSING || this.#socket.readyState === WebSocket.CLOSED;
  }

  heartbeat(): void {
    if (!this.#alive) return this.#drop("unresponsive");
    this.#alive = false;
    if (this.#socket.readyState === WebSocket.OPEN) this.#socket.ping();
  }

  close(code = 1001, reason = "Server shutting down"): void {
    this.#socket.close(code, reason);
  }

  #frame(text: string): void {
    if (this.#socket.readyState !== WebSocket.OPEN) return;
    // A client that lets this much pile up is too slow to follow: dropped, so it holds no memory.
    if (this.#socket.bufferedAmount > this.#maxBuffered) return this.#drop("slow");
    this.#socket.send(text);
  }

  #drop(reason: "slow" | "unresponsive"): void {
    this.#onDrop(reason);
    this.#socket.terminate();
  }
}

/** The upgrade handler of the gateway's HTTP server. */
export function websocketUpgrade(core: StreamingCore) {
  // The token may come as the subprotocol; echoing it back is what lets browsers accept the socket.
  const server = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024, handleProtocols: (protocols) => protocols.values().next().value ?? false });
  return (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const url = new URL(req.url ?? "/", "http://streaming");
    if (url.pathname.replace(/\/$/, "") !== WEBSOCKET_PATH) return void refuse(socket, 404, "Not Found");
    streamViewer(core.tokens, streamToken(req, url.searchParams))
      .then((viewer) => {
        const refused = refuseAnonymous(viewer, core.config.STREAMING_REQUIRE_TOKEN);
        if (refused) return refuse(socket, refused.status, refused.message);
        server.handleUpgrade(req, socket, head, (ws) => open(core, ws, viewer, url.searchParams));
      })
      .catch((error: unknown) => {
        if (!(error instanceof StreamError)) core.logger.warn({ err: error }, "WebSocket upgrade failed");
        refuse(socket, error instanceof StreamError ? error.status : 503, error instanceof StreamError ? error.message : "Service Unavailable");
      });
  };
}

function open(core: StreamingCore, socket: WebSocket, viewer: Viewer | undefined, query: URLSearchParams): void {
  const client = new WebSocketClient(socket, viewer, core.config.STREAMING_MAX_BUFFERED_BYTES, (reason) => core.dropped(reason));
  core.connected(client);
  socket.on("close", () => core.disconnected(client));
  socket.on("error", () => socket.terminate());
  socket.on("message", (data: RawData) => void onMessage(core, client, data));
  const first = query.get("stream");
  if (first) void subscribe(core, client, { stream: first, tag: query.get("tag") ?? undefined, list: query.get("list") ?? undefined }, true);
}

async function onMessage(core: StreamingCore, client: WebSocketClient, data: RawData): Promise<void> {
  let request: { type?: unknown; stream?: unknown; tag?: unknown; list?: unknown };
  try {
    request = JSON.parse(data.toString()) as typeof request;
  } catch {
    return client.error("Invalid JSON");
  }
  if (typeof request?.stream !== "string") return;
  const parsed: StreamRequest = { stream: request.stream, tag: stringOrUndefined(request.tag), list: stringOrUndefined(request.list) };
  if (request.type === "subscribe") return subscribe(core, client, parsed, false);
  if (request.type !== "unsubscribe") return;
  const stream = resolveStream(parsed, client.viewer);
  if (stream instanceof StreamError) return;
  const key = stream.label.join("\n");
  const joined = client.streams.get(key);
  if (!joined) return;
  client.streams.delete(key);
  core.hub.leave(client, joined);
}

async function subscribe(core: StreamingCore, client: WebSocketClient, request: StreamRequest, first: boolean): Promise<void> {
  const stream = await openableStream(core, request, client.viewer).catch((error: unknown) => {
    core.logger.warn({ err: error }, "stream not opened");
    return new StreamError(503, "The stream could not be opened");
  });
  if (stream instanceof StreamError) {
    client.error(stream.message);
    if (first) client.close(1008, stream.message);
    return;
  }
  const key = stream.label.join("\n");
  if (client.streams.has(key)) return;
  client.streams.set(key, stream);
  await core.hub.join(client, stream).catch((error: unknown) => {
    core.logger.warn({ err: error }, "stream subscription failed");
    client.streams.delete(key);
    client.error("The stream could not be opened");
  });
  // Closed while the channel was being subscribed: its disconnect ran before this join.
  if (client.gone) core.hub.leave(client);
}

const stringOrUndefined = (value: unknown) => (typeof value === "string" ? value : undefined);

function refuse(socket: Duplex, status: number, message: string): void {
  const body = JSON.stringify({ error: message });
  socket.end(`HTTP/1.1 ${status} ${status === 404 ? "Not Found" : status === 401 ? "Unauthorized" : "Error"}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}
