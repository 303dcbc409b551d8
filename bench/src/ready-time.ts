import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmbeddedStack } from "@starling/e2e";
import { figure, type Column } from "./figures.ts";
import { settledRssMiB, type SettledRss } from "./process-memory.ts";
import type { RunningStacks } from "./running-stacks.ts";

interface StartSample {
  readyMs: number;
  idleRss: SettledRss;
}

/**
 * Boots the embedded server twice on one DATA_DIR: first on an empty directory (the embedded
 * PostgreSQL created and migrated from nothing), then again on what the first run left (the restart an operator
 * sees). Ready is the first 200 from /api/v1/instance, polled every 50 ms by the harness.
 */
export async function measureEmbeddedStart(running: RunningStacks): Promise<Column["figures"]> {
  const dataDir = mkdtempSync(join(tmpdir(), "starling-bench-"));
  try {
    console.error("[bench] embedded: cold start on a fresh DATA_DIR");
    const cold = await startAndSample(running, dataDir);
    console.error("[bench] embedded: warm restart on the same DATA_DIR");
    const warm = await startAndSample(running, dataDir);
    return {
      readyColdMs: figure(cold.readyMs),
      readyWarmMs: figure(warm.readyMs),
      idleRssColdMiB: figure(cold.idleRss.mib, cold.idleRss.settled ? undefined : "still moving"),
      idleRssWarmMiB: figure(warm.idleRss.mib, warm.idleRss.settled ? undefined : "still moving"),
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Starts, waits for memory to settle, and always stops before the data directory goes away. */
async function startAndSample(running: RunningStacks, dataDir: string): Promise<StartSample> {
  const startedAt = performance.now();
  const stack = await running.start(() => startEmbeddedStack({ dataDir }));
  const readyMs = performance.now() - startedAt;
  try {
    if (stack.pid === undefined) throw new Error("the embedded stack did not report its pid");
    return { readyMs, idleRss: await settledRssMiB(stack.pid) };
  } finally {
    await running.stop(stack);
  }
}
