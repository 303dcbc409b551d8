import assert from "node:assert/strict";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encodePayload, encodeStreamMessage, newEnvelope, streamChannels, TOPICS } from "@starling/events";
import type { KeyValueStore } from "@starling/kv";
import { createInfraProvider } from "@starling/platform";
import { createServiceContext } from "@starling/runtime";
import { freePort, waitFor } from "@starling/testkit";
import { WebSocket } from "ws";
import { gatewayEnv } from "../src/config.ts";
import { startGatewayService } from "../src/service.ts";
import { startAccountsFixture } from "./fixtures/accounts-server.ts";

/** A gateway with its key-value store and `env` on top of test settings; no upstream service runs. */
async function startGateway(env: Record<string, string>) {
  const context = createServiceContext("gateway", { logLevel: "silent", shutdownTimeoutMs: 5_000 });
  const nowhere = `127.0.0.1:${await freePort()}`;
  const config = gatewayEnv.parse({
    VIEWER_TOKEN_SECRET: "g".repeat(32), GRPC_PORT: "0", ADMIN_PORT: "0", PORT: "0", LOG_LEVEL: "silent", LOCAL_DOMAIN: "example.test",
    DATA_DIR: await mkdtemp(join(tmpdir(), "gateway-streaming-")),
    ACCOUNTS_GRPC_URL: nowhere, STATUSES_GRPC_URL: nowhere, TIMELINES_GRPC_URL: nowhere, FEDERATION_GRPC_URL: nowhere, MEDIA_GRPC_URL: nowhere,
    ...env,
  });
  const infra = createInfraProvider(config, { clientId: "gateway-test", logger: context.logger, shutdown: context.shutdown });
  const { httpPort, adminPort } = await startGatewayService(config, context, infra);
  return { context, kv: infra.kv(), bus: infra.bus(), base: `127.0.0.1:${httpPort}`, admin: `http://127.0.0.1:${adminPort}` };
}

// The transports on a real gateway and its key-value store, fed by messages published on the store
// as timelines publishes them. Events that need no rendering (delete, announcements) keep the
// services out of it, and anonymous public streams call none.
describe("the streaming transports", function () {
  this.timeout(60_000);
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  // A short heartbeat here; the slow-client test runs on a gateway of its own with the default one.
  before(async () => {
    gateway = await startGateway({ STREAMING_HEARTBEAT_MS: "100" });
  });
  after(() => gateway?.context.shutdown.run("test"));

  const publicChannel = streamChannels.public("all");
  const publish = (kv: KeyValueStore, event: string, fields: { statusId?: string; payload?: string }) => kv.publish(publicChannel, encodeStreamMessage({ event, ...fields }));
  const socket = async (base: string, query: string) => {
    const ws = new WebSocket(`ws://${base}/api/v1/streaming?${query}`);
    const frames: Record<string, unknown>[] = [];
    ws.on("message", (data) => frames.push(JSON.parse(String(data)) as Record<string, unknown>));
    await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
    return { ws, frames };
  };

  it("sends each event with its stream array and the payload as a string, and pings", async () => {
    const { ws, frames } = await socket(gateway.base, "stream=public");
    let pinged = false;
    ws.on("ping", () => (pinged = true));
    await publish(gateway.kv, "delete", { statusId: "123" });
    await waitFor(() => frames.length > 0, { what: "the delete" });
    assert.deepEqual(frames, [{ stream: ["public"], event: "delete", payload: "123" }]);
    await waitFor(() => pinged, { what: "a ping" });
    ws.close();
  });

  it("streams SSE as event and data lines after `:)`, with `:thump` heartbeats", async () => {
    const abort = new AbortController();
    const response = await fetch(`http://${gateway.base}/api/v1/streaming/public`, { signal: abort.signal });
    assert.match(response.headers.get("content-type") ?? "", /^text\/event-stream/);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    await waitFor(async () => (text += (await reader.read()).value ?? "").includes(":thump"), { what: "a heartbeat" });
    await publish(gateway.kv, "delete", { statusId: "456" });
    await waitFor(async () => (text += (await reader.read()).value ?? "").includes("event: delete\ndata: 456\n\n"), { what: "the delete" });
    assert.ok(text.startsWith(":)\n"), text);
    abort.abort();
  });

  it("drops a client that stops reading, while the others get every event", async function () {
    const own = await startGateway({ STREAMING_MAX_BUFFERED_BYTES: "65536" });
    try {
      const slow = await socket(own.base, "stream=public");
      const fast = await socket(own.base, "stream=public");
      // The slow client's socket stops reading: once the kernel's buffers are full, the gateway's grows.
      (slow.ws as unknown as { _socket: { pause(): void } })._socket.pause();
      const payload = "x".repeat(64 * 1024);
      const count = 400;
      // In step with the fast client, which shares this process's event loop with the gateway.
      for (let i = 0; i < count; i++) {
        const received = new Promise((resolve) => fast.ws.once("message", resolve));
        await publish(own.kv, "announcement", { payload });
        await received;
      }
      assert.equal(fast.frames.length, count);
      assert.ok(fast.frames.every((f) => f.payload === payload && f.event === "announcement"));
      const metrics = await (await fetch(`${own.admin}/metrics`)).text();
      assert.match(metrics, /starling_gateway_streams_dropped_total\{[^}]*reason="slow"[^}]*\} 1\n/);
      assert.match(metrics, /starling_gateway_streams_open\{[^}]*\} 1\n/);
      fast.ws.close();
      slow.ws.terminate();
    } finally {
      await own.context.shutdown.run("test");
    }
  });

  it("closes the streams of a token when it is revoked", async () => {
    const accounts = await startAccountsFixture({ tokens: { "token-a": { tokenId: "41", appId: "1", accountId: "5", scopes: ["read"] }, "token-b": { tokenId: "42", appId: "1", accountId: "6", scopes: ["read"] } } });
    const own = await startGateway({ ACCOUNTS_GRPC_URL: accounts.address });
    try {
      const revoked = await socket(own.base, "stream=public&access_token=token-a");
      const kept = await socket(own.base, "stream=public&access_token=token-b");
      const closed = new Promise((resolve) => revoked.ws.once("close", resolve));
      await own.bus.publish(TOPICS.accounts, [newEnvelope({ type: "token.revoked", source: "accounts", key: "5", payload: encodePayload("token.revoked", { tokenId: "41", accountId: "5" }) })]);
      await closed;
      await publish(own.kv, "delete", { statusId: "9" });
      await waitFor(() => kept.frames.length === 1, { what: "the delete on the other token's stream" });
      kept.ws.close();
    } finally {
      await own.context.shutdown.run("test");
      await accounts.stop();
    }
  });

  it("answers an unknown stream with an error frame and a clean close, and another path with 404", async () => {
    const { ws, frames } = await socket(gateway.base, "stream=nonsense");
    const code = await new Promise((resolve) => ws.once("close", resolve));
    assert.deepEqual([code, frames], [1008, [{ error: "Unknown stream type" }]]);
    const elsewhere = new WebSocket(`ws://${gateway.base}/api/v1/elsewhere`);
    const status = await new Promise((resolve) => elsewhere.once("unexpected-response", (_req, res) => resolve(res.statusCode)));
    assert.equal(status, 404);
  });
});
