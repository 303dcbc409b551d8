import type { Stack } from "@starling/e2e";
import { fetchPage, loadBareServer } from "./bare-server-load.ts";
import type { BenchConfig } from "./config.ts";
import { benchFanOut } from "./fan-out-bench.ts";
import { benchFeedLoss } from "./feed-loss-bench.ts";
import { benchFloor } from "./floor-bench.ts";
import { benchFilteredHome, FILTER_KEYWORDS } from "./filtered-home-bench.ts";
import { benchHashtagTimeline } from "./hashtag-timeline-bench.ts";
import { benchSearch, SEARCH_CORPUS } from "./search-bench.ts";
import { benchStreaming } from "./streaming-bench.ts";
import { benchMeasures } from "./measures-bench.ts";
import { figure, type Column } from "./figures.ts";
import { HOME_PATH, loadHomeTimeline } from "./home-timeline-load.ts";
import { readRssMiB } from "./process-memory.ts";
import type { RunningStacks } from "./running-stacks.ts";
import { seedHomeTimeline } from "./seed-home-timeline.ts";

/** One kind of stack and what it can be put through. */
export interface StackUnderTest {
  start(): Promise<Stack>;
  /** Throws the home-feed cache away as this stack can, and resolves the stack to read from afterwards. */
  loseFeedCache(stack: Stack, accessToken: string): Promise<Stack>;
  /** Whether the fan-out scenario can watch this stack's feeds (they live in a Redis it can reach). */
  fanOut: boolean;
  /** Whether the streaming scenario runs here (its sockets need the stack's database, to seed their viewers). */
  streaming?: boolean;
  /** When set, the time from start to the stack answering is the cold-start figure, with this note. */
  readyNote?: string;
}

/**
 * Starts a stack and runs every scenario on it in turn, writing each figure into `figures` as soon as
 * it is measured, so a failing scenario keeps the ones before it; stops the stack whatever happens.
 */
export async function benchStack(running: RunningStacks, subject: StackUnderTest, config: BenchConfig, column: Column): Promise<void> {
  const figures = column.figures;
  const startedAt = performance.now();
  let stack = await running.start(() => subject.start());
  if (subject.readyNote) figures.readyColdMs = figure(performance.now() - startedAt, subject.readyNote);
  const say = (what: string) => console.error(`[bench] ${stack.name}: ${what}`);
  if (config.cpuProfileDir) say(`processes: ${[...(stack.processIds?.() ?? [])].map(([name, pid]) => `${name} ${pid}`).join(", ")}`);
  try {
    say("seeding one reader, one author, 40 statuses");
    const accessToken = await seedHomeTimeline(stack);
    const authorization = { authorization: `Bearer ${accessToken}` };
    const page = await fetchPage(stack.url, HOME_PATH, accessToken);
    if (config.scenarios.has("home")) {
      say(`GET ${HOME_PATH}, ${config.connections} connections, ${config.durationSeconds} s`);
      Object.assign(figures, await loadHomeTimeline(stack.url, accessToken, config, stack.processIds?.() ?? new Map(), (column.notes ??= [])));
      // Only a one-process stack has a single RSS worth printing; the production stack is eight.
      if (stack.pid !== undefined) figures.rssAfterLoadMiB = figure(await readRssMiB(stack.pid));
    }
    if (config.scenarios.has("bare")) {
      say("the same page from a bare Node HTTP server");
      Object.assign(figures, await loadBareServer(page, authorization, config, figures.homeRequestsPerSecond?.value));
    }
    // The shape's floor needs the real servers and the real messages, which only a stack on real servers exposes.
    if (stack.infra && config.scenarios.has("floor")) {
      say("the same two gRPC calls per page with nothing inside (the floor of the production-like shape)");
      Object.assign(figures, await benchFloor(stack, accessToken, page, config, figures.bareRequestsPerSecond?.value, (column.notes ??= [])));
    }
    if (config.scenarios.has("filtered-home")) {
      say(`GET ${HOME_PATH} for a reader with ${FILTER_KEYWORDS} filter keywords, in turn with the unfiltered reader`);
      Object.assign(figures, await benchFilteredHome(stack, accessToken, config));
    }
    if (config.scenarios.has("hashtag")) {
      say(`GET a hashtag timeline of 40 statuses, ${config.connections} connections, ${config.durationSeconds} s`);
      Object.assign(figures, await benchHashtagTimeline(stack, accessToken, config));
    }
    // The corpus is seeded straight into the stack's database.
    if (stack.databaseUrl && config.scenarios.has("search")) {
      say(`GET /api/v2/search for a word over ${SEARCH_CORPUS} statuses, ${config.connections} connections, ${config.durationSeconds} s`);
      Object.assign(figures, await benchSearch(stack, accessToken, config, (column.notes ??= [])));
    }
    if (config.scenarios.has("feed-loss")) {
      say("home reads after the feed cache is lost");
      Object.assign(figures, await benchFeedLoss(stack, accessToken, async (before) => (stack = await subject.loseFeedCache(before, accessToken))));
    }
    if (subject.fanOut && config.scenarios.has("fan-out")) {
      say(`fan-out of one post to ${config.fanOutFollowers} followers`);
      Object.assign(figures, await benchFanOut(stack, config.fanOutFollowers));
    }
    if (subject.streaming && config.scenarios.has("streaming")) {
      say(`one post streamed to ${config.streamSockets} WebSocket clients of ${config.streamViewers} viewers`);
      Object.assign(figures, await benchStreaming(stack, config.streamViewers, config.streamSockets));
    }
    if (stack.infra && config.scenarios.has("measures")) {
      say("a year of admin measures and dimensions over 100,000 statuses' counters");
      Object.assign(figures, await benchMeasures(stack));
    }
  } finally {
    await running.stop(stack);
  }
}
