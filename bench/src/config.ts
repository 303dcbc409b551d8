import { realServersFromEnv, type RealServers } from "@starling/e2e";

/** What one `pnpm bench` run measures with; read once at start so a bad value fails before any stack boots. */
export interface BenchConfig {
  /** Seconds each autocannon run lasts. */
  durationSeconds: number;
  /** Concurrent keep-alive connections autocannon holds open. */
  connections: number;
  /** The real PostgreSQL/Redis/Kafka for the production-like stack, when all three are configured. */
  servers: RealServers | undefined;
}

// Long enough to see a steady rate, short enough that a forgotten run cannot hog a shared machine.
const MAX_DURATION_SECONDS = 300;

/** Reads BENCH_DURATION (seconds, default 10) plus DATABASE_URL, REDIS_URL and KAFKA_BROKERS. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): BenchConfig {
  // BENCH_DURATION: seconds per load run, 1..300; the brief's 10 s keeps a full run near two minutes.
  const raw = env.BENCH_DURATION ?? "10";
  const durationSeconds = Number(raw);
  if (!Number.isInteger(durationSeconds) || durationSeconds < 1 || durationSeconds > MAX_DURATION_SECONDS) {
    throw new Error(`BENCH_DURATION must be a whole number of seconds from 1 to ${MAX_DURATION_SECONDS}, got "${raw}"`);
  }
  // DATABASE_URL, REDIS_URL, KAFKA_BROKERS: read by the harness; `scripts/servers.sh env` prints them.
  return { durationSeconds, connections: 10, servers: realServersFromEnv() };
}
