import { startEmbeddedStack, startProductionStack } from "@starling/e2e";
import { loadConfig } from "./config.ts";
import { figure, type Column } from "./figures.ts";
import { formatFiguresTable } from "./figures-table.ts";
import { benchHomeTimeline } from "./home-timeline-bench.ts";
import { measureEmbeddedStart } from "./ready-time.ts";
import { RunningStacks } from "./running-stacks.ts";

// Composition only: read config, run each scenario, print the table, stop every stack.
const config = loadConfig();
const running = new RunningStacks();
const embedded: Column = { figures: {} };
const production: Column = { figures: {} };

process.once("SIGINT", () => {
  console.error("[bench] interrupted; stopping stacks");
  void running.stopAll().finally(() => process.exit(130));
});

/** Runs one scenario; a failure is printed and noted in its column so the other figures still print. */
async function scenario(column: Column, name: string, run: () => Promise<Column["figures"]>): Promise<void> {
  try {
    Object.assign(column.figures, await run());
  } catch (error) {
    console.error(`[bench] ${name} failed: ${error instanceof Error ? error.stack : error}`);
    column.missing = [column.missing, `${name} failed (see stderr)`].filter(Boolean).join("; ");
    process.exitCode = 1;
  }
}

try {
  await scenario(embedded, "embedded ready time", () => measureEmbeddedStart(running));
  await scenario(embedded, "embedded home timeline", async () => (await benchHomeTimeline(running, () => startEmbeddedStack(), config)).figures);
  const servers = config.servers;
  if (servers) {
    await scenario(production, "production home timeline", async () => {
      const run = await benchHomeTimeline(running, () => startProductionStack(servers), config);
      // A fresh database and eight processes all healthy: the production analogue of a cold start.
      return { ...run.figures, readyColdMs: figure(run.readyMs, "8 processes") };
    });
  } else {
    production.missing = 'skipped: set DATABASE_URL, REDIS_URL and KAFKA_BROKERS (bash scripts/servers.sh start && eval "$(bash scripts/servers.sh env)")';
  }
  console.log(`\nStarling benchmark: home timeline with ${config.connections} connections for ${config.durationSeconds} s (BENCH_DURATION)\n`);
  console.log(formatFiguresTable({ embedded, production }));
} finally {
  await running.stopAll();
}
