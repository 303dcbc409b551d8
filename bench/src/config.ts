import { isAbsolute } from "node:path";
import { realServersFromEnv, type RealServers } from "@starling/e2e";

/** The stacks the bench knows how to run. */
export type StackName = "embedded" | "production";
const STACK_NAMES: readonly StackName[] = ["embedded", "production"];

/** The scenarios BENCH_SCENARIOS can pick, in the order a run takes them. */
export const SCENARIOS = ["ready", "home", "filtered-home", "hashtag", "bare", "floor", "feed-loss", "fan-out", "streaming", "measures", "trends-refresh", "search"] as const;
export type ScenarioName = (typeof SCENARIOS)[number];

/** What one `pnpm bench` run measures with; read once at start so a bad value fails before any stack boots. */
export interface BenchConfig {
  /** Seconds each autocannon run lasts. */
  durationSeconds: number;
  /** Concurrent keep-alive connections autocannon holds open. */
  connections: number;
  /** Which stacks run; both unless BENCH_STACKS names one. */
  stacks: ReadonlySet<StackName>;
  /** Local followers the fan-out scenario's author has. */
  fanOutFollowers: number;
  /** WebSocket connections the streaming scenario opens, and the distinct viewers holding them. */
  streamSockets: number;
  streamViewers: number;
  /** Which scenarios run; all unless BENCH_SCENARIOS names some. */
  scenarios: ReadonlySet<ScenarioName>;
  /** The real PostgreSQL/Redis/Kafka for the production-like stack, when all three are configured. */
  servers: RealServers | undefined;
  /** Where the production-like stack's services write V8 CPU profiles, when set (BENCH_CPU_PROF_DIR). */
  cpuProfileDir: string | undefined;
}

// Long enough to see a steady rate, short enough that a forgotten run cannot hog a shared machine.
const MAX_DURATION_SECONDS = 300;

// Mastodon-sized accounts reach this many; more would mostly measure the seeding.
const MAX_FOLLOWERS = 100_000;

/** Reads BENCH_DURATION, BENCH_FOLLOWERS, DATABASE_URL, REDIS_URL and KAFKA_BROKERS. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): BenchConfig {
  // BENCH_DURATION: seconds per load run, 1..300; the brief's 10 s keeps a full run to a few minutes.
  const durationSeconds = wholeNumber(env, "BENCH_DURATION", 10, MAX_DURATION_SECONDS);
  // BENCH_FOLLOWERS: followers fanned out to, 1..100000; the figure is for 10,000.
  const fanOutFollowers = wholeNumber(env, "BENCH_FOLLOWERS", 10_000, MAX_FOLLOWERS);
  // BENCH_STREAM_SOCKETS: WebSocket clients on `user`, 1..20000; the figure is for 10,000.
  const streamSockets = wholeNumber(env, "BENCH_STREAM_SOCKETS", 10_000, 20_000);
  // BENCH_STREAM_VIEWERS: distinct accounts holding them (seeded in bulk), 1..20000; the figure is one viewer per socket.
  const streamViewers = Math.min(wholeNumber(env, "BENCH_STREAM_VIEWERS", 10_000, 20_000), streamSockets);
  // BENCH_STACKS: comma-separated subset of embedded,production, to measure one while working on it.
  const stacks = new Set((env.BENCH_STACKS ?? STACK_NAMES.join(",")).split(",").map((name) => name.trim()));
  for (const name of stacks) if (!STACK_NAMES.includes(name as StackName)) throw new Error(`BENCH_STACKS: unknown stack "${name}" (${STACK_NAMES.join(", ")})`);
  // BENCH_SCENARIOS: comma-separated subset of SCENARIOS, to measure a few figures while working on them.
  const scenarios = new Set((env.BENCH_SCENARIOS ?? SCENARIOS.join(",")).split(",").map((name) => name.trim()));
  for (const name of scenarios) if (!SCENARIOS.includes(name as ScenarioName)) throw new Error(`BENCH_SCENARIOS: unknown scenario "${name}" (${SCENARIOS.join(", ")})`);
  // BENCH_CPU_PROF_DIR: an absolute folder for the production-like services' --cpu-prof profiles (off when unset).
  const cpuProfileDir = env.BENCH_CPU_PROF_DIR || undefined;
  if (cpuProfileDir && !isAbsolute(cpuProfileDir)) throw new Error(`BENCH_CPU_PROF_DIR must be an absolute path, got "${cpuProfileDir}"`);
  // DATABASE_URL, REDIS_URL, KAFKA_BROKERS: `scripts/servers.sh env` prints them; unset, the bench starts its own.
  return { durationSeconds, connections: 10, stacks: stacks as Set<StackName>, scenarios: scenarios as Set<ScenarioName>, fanOutFollowers, streamSockets, streamViewers, servers: realServersFromEnv(), cpuProfileDir };
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const raw = env[name] ?? String(fallback);
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max) throw new Error(`${name} must be a whole number from 1 to ${max}, got "${raw}"`);
  return value;
}
