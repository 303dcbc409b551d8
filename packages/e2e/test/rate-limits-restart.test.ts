import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "@starling/testkit";
import { startEmbeddedStack } from "../src/harness/embedded-stack.ts";
import type { Stack } from "../src/harness/stack.ts";

// Five sign-ups per address per 30 minutes (Mastodon's api_sign_up throttle); each attempt counts,
// accepted or not.
const SIGN_UP_LIMIT = 5;

describe("rate limits of the embedded run across a kill -9 and restart", function () {
  this.timeout(300_000);
  let dataDir: string;
  let stack: Stack | undefined;
  before(() => void (dataDir = mkdtempSync(join(tmpdir(), "starling-limits-"))));
  after(async () => {
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("still refuses an address that used up its window before the restart", async () => {
    const port = await freePort();
    // Loopback is safelisted by default; this run counts it like any client address.
    const start = async () => (stack = await startEmbeddedStack({ dataDir, port, env: { RATE_LIMIT_SAFELIST: "" } }));
    const signUp = (s: Stack) => fetch(`${s.url}/api/v1/accounts`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    let running = await start();
    // A window ending during the restart would reset the count honestly: then use the next window.
    for (let attempt = 1; ; attempt++) {
      let last: Response | undefined;
      for (let n = 0; n < SIGN_UP_LIMIT; n++) last = await signUp(running);
      assert.equal(last!.headers.get("x-ratelimit-remaining"), "0");
      const resetAt = Date.parse(last!.headers.get("x-ratelimit-reset")!);
      process.kill(running.pid!, "SIGKILL");
      await running.stop();
      running = await start();
      const after = await signUp(running);
      if (Date.now() >= resetAt && attempt < 2) continue;
      assert.equal(after.status, 429);
      assert.deepEqual(await after.json(), { error: "Too many requests" });
      return;
    }
  });
});
