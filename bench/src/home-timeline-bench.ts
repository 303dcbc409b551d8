import type { Stack } from "@starling/e2e";
import { figure, type Column } from "./figures.ts";
import type { BenchConfig } from "./config.ts";
import { loadHomeTimeline } from "./home-timeline-load.ts";
import { readRssMiB } from "./process-memory.ts";
import type { RunningStacks } from "./running-stacks.ts";
import { seedHomeTimeline } from "./seed-home-timeline.ts";

/** A stack's home-timeline figures and how long the stack took to answer after it was started. */
export interface HomeTimelineRun {
  readyMs: number;
  figures: Column["figures"];
}

/** Starts a stack, seeds one reader's home page, loads it, and stops the stack whatever happens. */
export async function benchHomeTimeline(running: RunningStacks, start: () => Promise<Stack>, config: BenchConfig): Promise<HomeTimelineRun> {
  const startedAt = performance.now();
  const stack = await running.start(start);
  const readyMs = performance.now() - startedAt;
  try {
    console.error(`[bench] ${stack.name}: seeding one reader, one author, 40 statuses`);
    const accessToken = await seedHomeTimeline(stack);
    console.error(`[bench] ${stack.name}: GET /api/v1/timelines/home, ${config.connections} connections, ${config.durationSeconds} s`);
    const figures = await loadHomeTimeline(stack.url, accessToken, config);
    // Only a one-process stack has a single RSS worth printing; the production stack is eight.
    if (stack.pid !== undefined) figures.rssAfterLoadMiB = figure(await readRssMiB(stack.pid));
    return { readyMs, figures };
  } finally {
    await running.stop(stack);
  }
}
