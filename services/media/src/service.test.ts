import assert from "node:assert/strict";
import { checkHealth, createServiceContext } from "@starling/runtime";
import { mediaEnv } from "./config.ts";
import { startMediaService } from "./service.ts";

describe("media service", () => {
  it("serves gRPC health and the admin port, and stops in order", async () => {
    const config = mediaEnv.parse({ VIEWER_TOKEN_SECRET: "x".repeat(32), GRPC_PORT: "0", ADMIN_PORT: "0", LOG_LEVEL: "silent" });
    const context = createServiceContext("media", { logLevel: "silent", shutdownTimeoutMs: 5_000 });
    const { grpcPort, adminPort } = await startMediaService(config, context);
    assert.equal(await checkHealth(`127.0.0.1:${grpcPort}`), "SERVING");
    assert.equal((await fetch(`http://127.0.0.1:${adminPort}/livez`)).status, 200);
    assert.equal((await fetch(`http://127.0.0.1:${adminPort}/readyz`)).status, 200);
    assert.match(await (await fetch(`http://127.0.0.1:${adminPort}/metrics`)).text(), /process_cpu_user_seconds_total\{service="media"\}/);
    await context.shutdown.run("test");
    await assert.rejects(fetch(`http://127.0.0.1:${adminPort}/livez`));
  });
});
