import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { freePort, waitFor } from "@starling/testkit";
import { startEmbeddedStack } from "../src/harness/embedded-stack.ts";
import { newSession } from "../src/harness/masto-session.ts";
import type { Stack } from "../src/harness/stack.ts";
import { assertNothingLost, loadPosts, postAll, type LoadAccount } from "./crash-load.ts";

describe("a kill -9 of the embedded server in the middle of a load of posts", function () {
  this.timeout(600_000);
  let dataDir: string;
  let stack: Stack | undefined;
  before(() => void (dataDir = mkdtempSync(join(tmpdir(), "starling-crash-"))));
  after(async () => {
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("loses no acknowledged post, event or count once restarted on the same DATA_DIR", async () => {
    const port = await freePort();
    let running = await startEmbeddedStack({ dataDir, port });
    stack = running;
    const suffix = randomBytes(3).toString("hex");
    const [alice, bob] = [await newSession(running, "alice", suffix), await newSession(running, "bob", suffix)];
    await bob.client.v1.accounts.$select(alice.account.id).follow();
    // A first post on bob's home timeline shows the follow has reached the timelines service.
    const first = await alice.client.v1.statuses.create({ status: `before the load ${suffix}` });
    await waitFor(async () => (await bob.client.v1.timelines.home.list({ limit: 5 })).some((s) => s.id === first.id), { timeoutMs: 60_000, what: "the first post on bob's home" });
    const author: LoadAccount = { token: alice.accessToken, id: alice.account.id };
    const follower: LoadAccount = { token: bob.accessToken, id: bob.account.id };

    const posts = loadPosts(200, suffix);
    const killAt = 50 + Math.floor(Math.random() * 100);
    const started = Date.now();
    // Enough concurrent posts that the consumers lag behind the acknowledgements, as under real load.
    await postAll(() => running.url, author, posts, {
      concurrency: 16,
      retry: false,
      onAcknowledged: (acknowledged) => {
        if (acknowledged === killAt) process.kill(running.pid!, "SIGKILL");
      },
    });
    await running.stop();
    const acknowledged = posts.filter((p) => p.id).length;
    const restartAt = Date.now();
    running = await startEmbeddedStack({ dataDir, port });
    stack = running;
    const restartedAt = Date.now();
    // The unanswered posts are sent again with their keys, as a client would after the outage.
    await postAll(() => running.url, author, posts, { concurrency: 4, retry: true });
    await assertNothingLost(running.url, author, follower, posts, 1);
    console.log(`      (killed at ${acknowledged} acknowledged posts, ${(restartAt - started) / 1000} s into the load; restart ${(restartedAt - restartAt) / 1000} s; all consistent ${(Date.now() - restartedAt) / 1000} s after it)`);
  });
});
