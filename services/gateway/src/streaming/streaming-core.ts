/**
 * The streaming API of one gateway replica: the hub that listens on pub/sub for its clients, the
 * renderer, one heartbeat timer for every open stream, and closing them all at shutdown.
 */
import type { KeyValueStore } from "@starling/kv";
import type { Logger } from "@starling/runtime";
import { Counter, Gauge, type Registry } from "prom-client";
import type { Clients } from "../clients/gateway-clients.ts";
import type { GatewayConfig } from "../config.ts";
import type { ActivityRecorder } from "../http/activity-recorder.ts";
import type { TokenResolver } from "../http/authenticate.ts";
import { StreamHub, type StreamClient } from "./stream-hub.ts";
import { StreamRenderer } from "./stream-renderer.ts";

/** A connected client the core keeps alive and closes. */
export interface LiveClient extends StreamClient {
  /** Called at every heartbeat: an SSE comment, or a WebSocket ping (closing a socket that missed the last pong). */
  heartbeat(): void;
  /** Ends the connection cleanly (shutdown, a revoked token). */
  close(): void;
}

/** What a streaming transport works with. */
export interface StreamingCore {
  config: GatewayConfig;
  clients: Clients;
  tokens: TokenResolver;
  logger: Logger;
  hub: StreamHub;
  connected(client: LiveClient): void;
  disconnected(client: LiveClient): void;
  /** Counts a client dropped for leaving too much unread (`slow`) or missing a pong (`unresponsive`). */
  dropped(reason: "slow" | "unresponsive"): void;
  /** Open connections, for tests and metrics. */
  readonly size: number;
  /** Closes every connection and stops the heartbeat. */
  close(): void;
}

/** Viewers rendered at the same time per replica (each one GetStatusPage call in flight). */
const RENDER_CONCURRENCY = 64;

/** Builds the core; `baseUrl` is the instance's public URL for rendered entities, `registry` takes its metrics, `activity` hears that stream users are active. */
export function createStreamingCore(deps: {
  config: GatewayConfig;
  clients: Clients;
  tokens: TokenResolver;
  activity: ActivityRecorder;
  kv: KeyValueStore;
  logger: Logger;
  baseUrl: string;
  registry: Registry;
}): StreamingCore {
  const renderer = new StreamRenderer({ ...deps, concurrency: RENDER_CONCURRENCY });
  const hub = new StreamHub(deps.kv, (message, targets) => renderer.push(message, targets));
  const live = new Set<LiveClient>();
  // An open stream is activity, as an API request is: its user is not away, so gets no notification
  // e-mails (the recorder calls accounts at most once a minute per account).
  const active = ({ viewer }: LiveClient) => viewer && deps.activity.touch(viewer, () => deps.tokens.sign(viewer));
  const heartbeat = setInterval(() => {
    for (const client of live) {
      client.heartbeat();
      active(client);
    }
  }, deps.config.STREAMING_HEARTBEAT_MS);
  heartbeat.unref();
  // A revoked token, or a suspended or deleted account, ends its streams at once (Mastodon's `kill`).
  deps.tokens.onForget(({ tokenId, accountId }) => {
    for (const client of live) {
      if (client.viewer && ((tokenId && client.viewer.tokenId === tokenId) || (accountId && client.viewer.accountId === accountId))) client.close();
    }
  });
  new Gauge({ name: "starling_gateway_streams_open", help: "Open streaming connections (SSE and WebSocket)", registers: [deps.registry], collect: function () { this.set(live.size); } });
  const dropped = new Counter({ name: "starling_gateway_streams_dropped_total", help: "Streaming clients dropped, by reason (slow: too much unread; unresponsive: no pong)", labelNames: ["reason"], registers: [deps.registry] });
  return {
    config: deps.config,
    clients: deps.clients,
    tokens: deps.tokens,
    logger: deps.logger,
    hub,
    connected(client) {
      live.add(client);
      active(client);
    },
    disconnected(client) {
      live.delete(client);
      hub.leave(client);
    },
    dropped: (reason) => dropped.inc({ reason }),
    get size() {
      return live.size;
    },
    close() {
      clearInterval(heartbeat);
      for (const client of live) client.close();
    },
  };
}
