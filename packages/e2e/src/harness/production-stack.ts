import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { checkHealth } from "@starling/runtime";
import { freePort, uniqueName, waitFor } from "@starling/testkit";
import { childPidsOf, runNode, startNode, type Child } from "./processes.ts";
import { cliCreateAccount, type Stack } from "./stack.ts";

/** The servers a production-like stack runs on (scripts/servers.sh prints them). */
export interface RealServers {
  databaseUrl: string;
  redisUrl: string;
  kafkaBrokers: string;
}

/** The real servers from the environment, when all three are configured. */
export function realServersFromEnv(): RealServers | undefined {
  const { DATABASE_URL, REDIS_URL, KAFKA_BROKERS } = process.env;
  return DATABASE_URL && REDIS_URL && KAFKA_BROKERS ? { databaseUrl: DATABASE_URL, redisUrl: REDIS_URL, kafkaBrokers: KAFKA_BROKERS } : undefined;
}

const SUPERVISOR = "packages/runtime/src/supervise-main.ts";
const SERVICES = ["accounts", "statuses", "timelines", "federation", "media", "trends", "moderation", "gateway"] as const;

/**
 * Starts every service as its own process against real PostgreSQL, Redis and Kafka, as in
 * production: a fresh database, a Redis key prefix and Kafka topic prefix of its own, free ports.
 * `supervised` runs each under the supervisor scripts/run-production.sh uses, which restarts it
 * when it dies.
 */
export async function startProductionStack(servers: RealServers, options: { env?: Record<string, string>; supervised?: boolean } = {}): Promise<Stack> {
  const database = uniqueName("starling_e2e");
  const admin = new pg.Client({ connectionString: servers.databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const databaseUrl = Object.assign(new URL(servers.databaseUrl), { pathname: `/${database}` }).toString();
  const ports = Object.fromEntries(await Promise.all(SERVICES.map(async (s) => [s, { grpc: await freePort(), admin: await freePort() }] as const)));
  const httpPort = await freePort();
  const federationPort = await freePort();
  const mediaHttpPort = await freePort();
  // Stored media files go to the S3-compatible server when one is set (scripts/s3.sh), under a key
  // prefix of this stack's own; else to local disk in a folder of this stack's own.
  const mediaDir = mkdtempSync(join(tmpdir(), "starling-e2e-media-"));
  const s3 = process.env.S3_ENDPOINT ? { S3_ENABLED: "true", S3_PREFIX: `${database}/` } : {};
  const grpc = (s: (typeof SERVICES)[number]) => `127.0.0.1:${ports[s]!.grpc}`;
  const common = {
    ...process.env,
    // Test settings of a suite (e.g. ALLOW_PRIVATE_ADDRESSES); the stack's own wiring below wins.
    ...options.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: servers.redisUrl,
    KAFKA_BROKERS: servers.kafkaBrokers,
    KAFKA_TOPIC_PREFIX: `${database}.`,
    REDIS_KEY_PREFIX: `${database}:`,
    VIEWER_TOKEN_SECRET: randomBytes(32).toString("base64url"),
    LOCAL_DOMAIN: `127.0.0.1:${httpPort}`,
    LOCAL_HTTPS: "false",
    LOG_LEVEL: "warn",
    ACCOUNTS_GRPC_URL: grpc("accounts"),
    STATUSES_GRPC_URL: grpc("statuses"),
    TIMELINES_GRPC_URL: grpc("timelines"),
    FEDERATION_GRPC_URL: grpc("federation"),
    FEDERATION_HTTP_URL: `http://127.0.0.1:${federationPort}`,
    MEDIA_GRPC_URL: grpc("media"),
    MEDIA_HTTP_URL: `http://127.0.0.1:${mediaHttpPort}`,
    MODERATION_GRPC_URL: grpc("moderation"),
    TRENDS_GRPC_URL: grpc("trends"),
  };
  const children = new Map<string, Child>();
  for (const service of SERVICES) {
    const env = { ...common, GRPC_PORT: String(ports[service]!.grpc), ADMIN_PORT: String(ports[service]!.admin), PORT: String(httpPort), HTTP_PORT: String(federationPort) };
    if (service === "media") Object.assign(env, { HTTP_PORT: String(mediaHttpPort), MEDIA_DIR: mediaDir, ...s3 });
    const entry = `services/${service}/src/main.ts`;
    children.set(service, options.supervised ? startNode(SUPERVISOR, [service, process.execPath, entry], env) : startNode(entry, [], env));
  }
  const url = `http://127.0.0.1:${httpPort}`;
  const report = () => [...children].map(([name, child]) => `--- ${name}\n${child.output()}`).join("\n");
  try {
    await waitFor(async () => (await Promise.all(SERVICES.map((s) => checkHealth(grpc(s))))).every((status) => status === "SERVING"), { timeoutMs: 90_000, what: "every service healthy" });
    await waitFor(async () => (await fetch(`${url}/api/v1/instance`)).ok, { timeoutMs: 30_000, what: "gateway" });
  } catch (error) {
    // A stack that never came up is stopped here: no caller holds it to stop it later.
    await Promise.all([...children.values()].map((c) => c.stop()));
    throw new Error(`${(error as Error).message}\n${report()}`);
  }
  return {
    name: "production",
    url,
    infra: {
      databaseUrl,
      redisUrl: servers.redisUrl,
      redisKeyPrefix: common.REDIS_KEY_PREFIX,
      viewerTokenSecret: common.VIEWER_TOKEN_SECRET,
      grpcAddresses: Object.fromEntries(SERVICES.map((s) => [s, grpc(s)])),
    },
    databaseUrl,
    createAccount: (username, email, extra) => cliCreateAccount(common, username, email, extra),
    cli: (args) => runNode("packages/cli/src/main.ts", args, common),
    stopService: async (name) => children.get(name)?.stop(),
    processIds: () => new Map([...children].flatMap(([name, child]) => (child.process.pid === undefined ? [] : [[name, child.process.pid] as const]))),
    servicePid(name) {
      const supervisor = children.get(name)?.process.pid;
      return options.supervised && supervisor !== undefined ? childPidsOf(supervisor)[0] : undefined;
    },
    async stop() {
      await Promise.all([...children.values()].map((c) => c.stop()));
      rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}
