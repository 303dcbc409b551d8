import assert from "node:assert/strict";
import { waitFor } from "@starling/testkit";
import { realServersFromEnv, startProductionStack } from "../src/harness/production-stack.ts";
import type { Stack } from "../src/harness/stack.ts";
import { assertNothingLost, postAll, prepareLoad } from "./crash-load.ts";

const KILLED = ["gateway", "accounts", "statuses", "timelines", "federation", "media"] as const;

describe("kill -9 of each service in turn on the production-like stack during a load of posts", function () {
  this.timeout(600_000);
  const servers = realServersFromEnv();
  let stack: Stack | undefined;
  before(function () {
    if (!servers) {
      console.log("    (skipped: set DATABASE_URL, REDIS_URL and KAFKA_BROKERS, e.g. eval \"$(bash scripts/servers.sh env)\")");
      this.skip();
    }
  });
  after(async () => stack?.stop());

  it("brings every service back under its supervisor and loses no acknowledged post, event or count", async () => {
    const running = await startProductionStack(servers!, { supervised: true });
    stack = running;
    const { author, follower, posts } = await prepareLoad(running, 200);
    const killed: { name: string; pid: number }[] = [];
    const kill = (name: string) => {
      const pid = running.servicePid!(name);
      assert.ok(pid, `${name} is running`);
      process.kill(pid, "SIGKILL");
      killed.push({ name, pid });
    };
    const started = Date.now();
    // One service killed every 30 acknowledged posts; the client retries with the same keys meanwhile.
    await postAll(() => running.url, author, posts, {
      concurrency: 8,
      retry: true,
      deadlineMs: 300_000,
      onAcknowledged: (acknowledged) => {
        const next = KILLED[killed.length];
        if (next && acknowledged >= 20 + 30 * killed.length) kill(next);
      },
    });
    const loaded = Date.now();
    assert.deepEqual(killed.map((k) => k.name), [...KILLED]);
    for (const { name, pid } of killed) {
      await waitFor(() => (running.servicePid!(name) ?? pid) !== pid, { timeoutMs: 60_000, what: `${name} started again by its supervisor` });
    }
    await assertNothingLost(running.url, author, follower, posts, 180_000);
    console.log(`      (killed ${killed.map((k) => k.name).join(", ")}; load ${(loaded - started) / 1000} s; all consistent ${(Date.now() - loaded) / 1000} s after it)`);
  });
});
