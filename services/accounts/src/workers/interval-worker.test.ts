import assert from "node:assert/strict";
import { waitFor } from "@starling/testkit";
import { startIntervalWorker } from "./interval-worker.ts";

describe("interval worker", () => {
  it("runs its job repeatedly, one run at a time, and keeps going after a failure", async () => {
    let runs = 0;
    let concurrent = 0;
    let maxConcurrent = 0;
    const errors: unknown[] = [];
    const worker = startIntervalWorker(
      async () => {
        runs += 1;
        concurrent += 1;
        maxConcurrent = Math.max(maxConcurrent, concurrent);
        await new Promise((resolve) => setImmediate(resolve));
        concurrent -= 1;
        if (runs === 1) throw new Error("first run fails");
      },
      { intervalMs: 5, onError: (error) => errors.push(error) },
    );
    await Promise.all([worker.runNow(), worker.runNow()]);
    await waitFor(() => runs >= 3, { what: "three runs" });
    await worker.stop();
    const after = runs;
    await worker.runNow();
    assert.equal(runs, after, "no run after stop");
    assert.equal(maxConcurrent, 1);
    assert.equal(errors.length, 1);
  });
});
