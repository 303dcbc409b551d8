import { execFile } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { REPO_ROOT, type RealServers } from "@starling/e2e";
import { freePort } from "@starling/testkit";

const run = promisify(execFile);

/** The real servers the production-like stack runs on, and how to give them back. */
export interface ProvidedServers {
  servers: RealServers;
  /** Where they came from, printed under the table. */
  origin: string;
  /** Stops them when the bench started them; a no-op for servers from the environment. */
  release(): Promise<void>;
}

// The three the production-like stack needs; the bench stores no media, so no S3.
const NEEDED = ["postgres", "redis", "kafka"];

/**
 * The configured servers (DATABASE_URL, REDIS_URL, KAFKA_BROKERS), or, when they are not all set,
 * servers the bench starts itself with scripts/servers.sh: in a state folder of its own and on free
 * ports, so it can never touch servers someone else runs, and stops exactly what it started.
 */
export async function provideRealServers(configured: RealServers | undefined): Promise<ProvidedServers> {
  if (configured) return { servers: configured, origin: "DATABASE_URL, REDIS_URL and KAFKA_BROKERS from the environment", release: async () => undefined };
  const stateDir = mkdtempSync(join(tmpdir(), "starling-bench-servers-"));
  // As root, PostgreSQL runs as the postgres user, which must reach its folder inside this one.
  chmodSync(stateDir, 0o755);
  const [pgPort, redisPort] = [await freePort(), await freePort()];
  const kafkaPort = await freePortPair([pgPort, redisPort]);
  const env = { ...process.env, STARLING_SERVERS_DIR: stateDir, PG_PORT: String(pgPort), REDIS_PORT: String(redisPort), KAFKA_PORT: String(kafkaPort) };
  const script = join(REPO_ROOT, "scripts/servers.sh");
  const release = async () => {
    await run("bash", [script, "stop", ...NEEDED], { env }).catch((error) => console.error(`[bench] stopping the servers it started failed: ${error}`));
    rmSync(stateDir, { recursive: true, force: true });
  };
  console.error(`[bench] DATABASE_URL, REDIS_URL or KAFKA_BROKERS unset: starting ${NEEDED.join(", ")} with scripts/servers.sh in ${stateDir}`);
  try {
    await run("bash", [script, "start", ...NEEDED], { env, maxBuffer: 16 * 1024 * 1024 });
    const exports = (await run("bash", [script, "env"], { env })).stdout;
    const value = (name: string) => new RegExp(`^export ${name}=(.*)$`, "m").exec(exports)?.[1] ?? "";
    const servers = { databaseUrl: value("DATABASE_URL"), redisUrl: value("REDIS_URL"), kafkaBrokers: value("KAFKA_BROKERS") };
    return { servers, origin: `started by the bench with scripts/servers.sh (stopped at the end)`, release };
  } catch (error) {
    await release();
    throw error;
  }
}

/** A free port whose successor is free too: the Kafka broker listens on both (broker, controller). */
async function freePortPair(taken: number[]): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = await freePort();
    if (!taken.includes(port + 1) && (await isFree(port + 1))) return port;
  }
  throw new Error("found no two free consecutive ports for Kafka");
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}
