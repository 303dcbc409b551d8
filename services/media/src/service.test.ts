import assert from "node:assert/strict";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInfraProvider } from "@starling/platform";
import { checkHealth, createServiceContext } from "@starling/runtime";
import { mediaEnv } from "./config.ts";
import { startMediaService } from "./service.ts";

describe("media service", () => {
  it("serves gRPC health, the admin port and the file port, and stops in order", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "media-service-"));
    const config = mediaEnv.parse({ VIEWER_TOKEN_SECRET: "x".repeat(32), GRPC_PORT: "0", ADMIN_PORT: "0", HTTP_PORT: "0", LOG_LEVEL: "silent", DATA_DIR: dataDir, DATABASE_URL: undefined, KAFKA_BROKERS: undefined });
    const context = createServiceContext("media", { logLevel: "silent", shutdownTimeoutMs: 5_000 });
    const infra = createInfraProvider(config, { clientId: "media-test", logger: context.logger, shutdown: context.shutdown });
    const { grpcPort, adminPort, httpPort } = await startMediaService(config, context, infra);
    assert.equal(await checkHealth(`127.0.0.1:${grpcPort}`), "SERVING");
    assert.equal((await fetch(`http://127.0.0.1:${adminPort}/livez`)).status, 200);
    assert.equal((await fetch(`http://127.0.0.1:${adminPort}/readyz`)).status, 200);
    assert.match(await (await fetch(`http://127.0.0.1:${adminPort}/metrics`)).text(), /process_cpu_user_seconds_total\{service="media"\}/);
    assert.equal((await fetch(`http://127.0.0.1:${httpPort}/system/media_attachments/files/001/original/1.png`)).status, 404);
    await context.shutdown.run("test");
    await assert.rejects(fetch(`http://127.0.0.1:${adminPort}/livez`));
    await assert.rejects(fetch(`http://127.0.0.1:${httpPort}/system/x.png`));
  });
});
