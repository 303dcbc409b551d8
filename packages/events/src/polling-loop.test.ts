import assert from "node:assert/strict";
import { waitFor } from "@starling/testkit";
import { createPollingLoop } from "./polling-loop.ts";

describe("polling loop", () => {
  it("drains a backlog in one round, then runs again only when nudged, surviving a failing pass", async () => {
    let backlog = 3;
    let passes = 0;
    let failNext = false;
    const errors: unknown[] = [];
    const loop = createPollingLoop(
      async () => {
        passes += 1;
        if (failNext) {
          failNext = false;
          throw new Error("boom");
        }
        return backlog > 0 ? backlog-- : 0;
      },
      { intervalMs: 60_000, onError: (e) => errors.push(e) },
    );
    loop.start();
    await waitFor(() => backlog === 0 && passes === 4, { what: "the backlog drained" });
    failNext = true;
    backlog = 1;
    loop.nudge();
    await waitFor(() => errors.length === 1, { what: "the failing pass" });
    loop.nudge();
    await waitFor(() => backlog === 0, { what: "the pass after the failure" });
    await loop.stop();
    const after = passes;
    loop.nudge();
    assert.equal(passes, after, "no pass after stop");
  });
});
