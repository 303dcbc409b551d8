import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "@starling/testkit";
import { startEmbeddedStack } from "../src/harness/embedded-stack.ts";
import type { Stack } from "../src/harness/stack.ts";
import { assertNothingLost, postAll, prepareLoad } from "./crash-load.ts";

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
    const { author, follower, posts } = await prepareLoad(running, 200);
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
    await assertNothingLost(running.url, author, follower, posts);
    console.log(`      (killed at ${acknowledged} acknowledged posts, ${(restartAt - started) / 1000} s into the load; restart ${(restartedAt - restartAt) / 1000} s; all consistent ${(Date.now() - restartedAt) / 1000} s after it)`);
  });
});
