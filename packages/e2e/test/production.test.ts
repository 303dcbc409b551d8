import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { realServersFromEnv, startProductionStack } from "../src/harness/production-stack.ts";
import type { Stack } from "../src/harness/stack.ts";
import { signIn } from "../src/harness/masto-session.ts";
import { describeSlice } from "./slice-scenario.ts";

const servers = realServersFromEnv();

describe("the core flows on the production-like run (a process per service, PostgreSQL, Redis, Kafka)", function () {
  before(function () {
    // scripts/servers.sh starts the servers; .ci/run always does, so CI never skips this.
    if (!servers) this.skip();
  });
  describeSlice(() => startProductionStack(servers!));
});

describe("a service that is down", function () {
  let stack: Stack;
  before(async function () {
    if (!servers) return this.skip();
    this.timeout(180_000);
    stack = await startProductionStack(servers);
  });
  after(async function () {
    this.timeout(60_000);
    await stack?.stop();
  });

  it("answers 503 JSON within the gRPC deadline instead of hanging", async function () {
    this.timeout(60_000);
    const suffix = randomBytes(3).toString("hex");
    const password = await stack.createAccount(`carol_${suffix}`, `carol_${suffix}@example.com`);
    const carol = await signIn(stack.url, `carol_${suffix}@example.com`, password);
    await stack.stopService!("statuses");
    const started = Date.now();
    const response = await fetch(`${stack.url}/api/v1/statuses/1`, { headers: { authorization: `Bearer ${carol.accessToken}` } });
    assert.equal(response.status, 503);
    assert.equal(typeof ((await response.json()) as { error: string }).error, "string");
    assert.ok(Date.now() - started < 10_000);
  });
});
