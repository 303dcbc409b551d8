import assert from "node:assert/strict";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInfraProvider } from "@starling/platform";
import { createServiceContext, serveService } from "@starling/runtime";
import { freePort } from "@starling/testkit";
import { gatewayEnv } from "./config.ts";
import { startGatewayService } from "./service.ts";

const secret = "g".repeat(32);
const base = { VIEWER_TOKEN_SECRET: secret, GRPC_PORT: "0", ADMIN_PORT: "0", PORT: "0", LOG_LEVEL: "silent", LOCAL_DOMAIN: "example.test" };

describe("gateway service", () => {
  it("is ready only while every service it calls answers its health check, naming the one that does not", async () => {
    const context = createServiceContext("gateway", { logLevel: "silent", shutdownTimeoutMs: 5_000 });
    try {
      // One healthy upstream stands for accounts, statuses, timelines, federation and moderation; media is down.
      const upstream = await serveService(createServiceContext("upstream", { logLevel: "silent", shutdownTimeoutMs: 5_000, shutdown: context.shutdown }), gatewayEnv.parse(base), []);
      const up = `127.0.0.1:${upstream.grpcPort}`;
      const down = `127.0.0.1:${await freePort()}`;
      const config = gatewayEnv.parse({ ...base, DATA_DIR: await mkdtemp(join(tmpdir(), "gateway-service-")), ACCOUNTS_GRPC_URL: up, STATUSES_GRPC_URL: up, TIMELINES_GRPC_URL: up, FEDERATION_GRPC_URL: up, MODERATION_GRPC_URL: up, MEDIA_GRPC_URL: down });
      const infra = createInfraProvider(config, { clientId: "gateway-test", logger: context.logger, shutdown: context.shutdown });
      const { adminPort } = await startGatewayService(config, context, infra);
      const answer = await fetch(`http://127.0.0.1:${adminPort}/readyz`);
      const report = (await answer.json()) as { checks: Record<string, string> };
      assert.equal(answer.status, 503);
      assert.deepEqual(Object.keys(report.checks).sort(), ["accounts", "event bus", "federation", "key-value store", "media", "moderation", "statuses", "timelines"]);
      assert.deepEqual(Object.entries(report.checks).filter(([, check]) => check !== "ok").map(([name]) => name), ["media"]);
    } finally {
      await context.shutdown.run("test");
    }
  });
});
