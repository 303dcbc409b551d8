/**
 * Streaming API clients for the suites, written against the wire formats: a WebSocket (Node's own
 * client) and an SSE reader over fetch, each recording what it received.
 */
import { waitFor } from "@starling/testkit";

/** One event as a client saw it; `stream` only on WebSocket. */
export interface StreamEvent {
  stream?: string[];
  event: string;
  payload: string;
}

/** A client with what it received so far. */
export interface StreamRecorder {
  events: StreamEvent[];
  /** Waits for an event matching `match` and returns it. */
  next(match: (event: StreamEvent) => boolean, what: string): Promise<StreamEvent>;
  close(): void;
}

/** A WebSocket on /api/v1/streaming: also its error frames, its close code, and sending. */
export interface WebSocketRecorder extends StreamRecorder {
  errors: string[];
  closed: Promise<number>;
  send(message: unknown): void;
}

const recorder = (events: StreamEvent[], close: () => void): StreamRecorder => ({
  events,
  next: (match, what) => waitFor(() => events.find(match), { timeoutMs: 60_000, what }),
  close,
});

/** Opens a WebSocket to `${base}/api/v1/streaming?${query}`; resolves once it is open. */
export async function openWebSocket(base: string, query: Record<string, string>, protocols?: string[]): Promise<WebSocketRecorder> {
  const url = `${base.replace(/^http/, "ws")}/api/v1/streaming?${new URLSearchParams(query)}`;
  const socket = new WebSocket(url, protocols);
  const events: StreamEvent[] = [];
  const errors: string[] = [];
  socket.addEventListener("message", (message) => {
    const frame = JSON.parse(String(message.data)) as StreamEvent & { error?: string };
    if (frame.error) errors.push(frame.error);
    else events.push(frame);
  });
  const closed = new Promise<number>((resolve) => socket.addEventListener("close", (event) => resolve(event.code)));
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve());
    socket.addEventListener("error", () => reject(new Error(`WebSocket ${url} failed`)));
  });
  return { ...recorder(events, () => socket.close()), errors, closed, send: (message) => socket.send(JSON.stringify(message)) };
}

/** Opens an SSE stream; resolves with the response status and, on 200, a recorder once `:)` arrived. */
export async function openSse(base: string, path: string, token?: string): Promise<{ status: number; body?: unknown; stream?: StreamRecorder }> {
  const abort = new AbortController();
  const response = await fetch(`${base}/api/v1/streaming${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: abort.signal });
  if (response.status !== 200) return { status: response.status, body: await response.json() };
  const events: StreamEvent[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let opened = () => {};
  const open = new Promise<void>((resolve) => (opened = resolve));
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += value;
      if (buffer.startsWith(":)")) opened();
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        // Comment lines (":)", ":thump") carry no field.
        const fields = new Map([...block.matchAll(/^(\w+): (.*)$/gm)].map((m) => [m[1], m[2]]));
        const event = fields.get("event");
        if (event) events.push({ event, payload: fields.get("data") ?? "" });
      }
    }
  })();
  await open;
  return { status: 200, stream: recorder(events, () => abort.abort()) };
}
