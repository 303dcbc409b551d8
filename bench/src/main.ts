import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmbeddedStack, startProductionStack, type Stack } from "@starling/e2e";
import { fetchPage } from "./bare-server-load.ts";
import { loadConfig } from "./config.ts";
import { flushStackKeys } from "./feed-loss-bench.ts";
import type { Column } from "./figures.ts";
import { formatFiguresTable } from "./figures-table.ts";
import { PUBLIC_PATH } from "./home-timeline-load.ts";
import { measureEmbeddedStart } from "./ready-time.ts";
import { provideRealServers, type ProvidedServers } from "./real-servers.ts";
import { RunningStacks } from "./running-stacks.ts";
import { benchStack, type StackUnderTest } from "./stack-bench.ts";
import { benchTrendsRefresh } from "./trends-refresh-bench.ts";

// Composition only: read config, run each stack's scenarios, print the table, stop what was started.
const config = loadConfig();
const running = new RunningStacks();
const embedded: Column = { figures: {} };
const production: Column = { figures: {} };
const notes: string[] = [];
let provided: ProvidedServers | undefined;
// The trend refresh runs the trends service alone; every other scenario needs a whole stack.
const needsStack = [...config.scenarios].some((name) => name !== "ready" && name !== "trends-refresh");
// The embedded stack restarts on its own DATA_DIR to lose its in-memory feed cache.
const embeddedDataDir = mkdtempSync(join(tmpdir(), "starling-bench-"));

async function cleanUp(): Promise<void> {
  await running.stopAll();
  await provided?.release();
  rmSync(embeddedDataDir, { recursive: true, force: true });
}

process.once("SIGINT", () => {
  console.error("[bench] interrupted; stopping stacks and servers");
  void cleanUp().finally(() => process.exit(130));
});

/** Runs one scenario; a failure is printed and noted in its column so the other figures still print. */
async function scenario(column: Column, name: string, run: (figures: Column["figures"]) => Promise<unknown>): Promise<void> {
  try {
    await run(column.figures);
  } catch (error) {
    console.error(`[bench] ${name} failed: ${error instanceof Error ? error.stack : error}`);
    column.missing = [column.missing, `${name} failed (see stderr)`].filter(Boolean).join("; ");
    process.exitCode = 1;
  }
}

const embeddedStack: StackUnderTest = {
  start: () => startEmbeddedStack({ dataDir: embeddedDataDir }),
  // Its key-value store lives in the server's memory: a restart is its FLUSHALL. One public-timeline
  // read then warms what every restart loses besides the feeds (token cache, gRPC channels, hydration),
  // so the timed home read is mostly the rebuild.
  async loseFeedCache(stack: Stack, accessToken: string) {
    await running.stop(stack);
    const restarted = await running.start(() => startEmbeddedStack({ dataDir: embeddedDataDir }));
    await fetchPage(restarted.url, PUBLIC_PATH, accessToken);
    return restarted;
  },
  fanOut: false,
  streaming: true,
};

/** With BENCH_CPU_PROF_DIR, each service writes a V8 CPU profile there when it stops (files named by pid; the pids go to stderr). */
function profiling(dir: string | undefined): { env?: Record<string, string> } {
  if (!dir) return {};
  console.error(`[bench] production: CPU profiles of every service go to ${dir} when the stack stops`);
  return { env: { NODE_OPTIONS: [process.env.NODE_OPTIONS, "--cpu-prof", `--cpu-prof-dir=${dir}`].filter(Boolean).join(" ") } };
}

try {
  if (config.stacks.has("embedded")) {
    if (config.scenarios.has("ready")) await scenario(embedded, "embedded ready time", async (figures) => Object.assign(figures, await measureEmbeddedStart(running)));
    if (needsStack) await scenario(embedded, "embedded stack", () => benchStack(running, embeddedStack, config, embedded));
    if (config.scenarios.has("trends-refresh")) await scenario(embedded, "embedded trend refresh", async (figures) => Object.assign(figures, await benchTrendsRefresh(undefined)));
  } else embedded.missing = "skipped (BENCH_STACKS)";
  if (config.stacks.has("production")) await scenario(production, "real servers", async () => {
    provided = await provideRealServers(config.servers);
    notes.push(`production: ${provided.origin}`);
  });
  const servers = provided?.servers;
  if (!config.stacks.has("production")) production.missing = "skipped (BENCH_STACKS)";
  if (servers) {
    const productionStack: StackUnderTest = {
      start: () => startProductionStack(servers, profiling(config.cpuProfileDir)),
      async loseFeedCache(stack: Stack) {
        console.error(`[bench] production: unlinked ${await flushStackKeys(stack.infra!)} Redis keys of the stack`);
        return stack;
      },
      fanOut: true,
      streaming: true,
      // A fresh database and eight processes all healthy: the production analogue of a cold start.
      readyNote: "8 processes",
    };
    if (needsStack) await scenario(production, "production stack", () => benchStack(running, productionStack, config, production));
    if (config.scenarios.has("trends-refresh")) await scenario(production, "production trend refresh", async (figures) => Object.assign(figures, await benchTrendsRefresh(servers)));
  }
  console.log(`\nStarling benchmark: home timeline with ${config.connections} connections for ${config.durationSeconds} s (BENCH_DURATION)\n`);
  console.log([formatFiguresTable({ embedded, production }), ...notes].join("\n"));
} finally {
  await cleanUp();
}
