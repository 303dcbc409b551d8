import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, waitFor } from "@starling/testkit";
import { REPO_ROOT, runNode, startNode } from "./processes.ts";
import { cliCreateAccount, type Stack } from "./stack.ts";

/**
 * Starts `starling start` (the README's run command) in a child process on a free port with its
 * own DATA_DIR: every service in one process, the embedded PostgreSQL, the in-process bus and store.
 */
export async function startEmbeddedStack(options: { dataDir?: string; port?: number; env?: Record<string, string> } = {}): Promise<Stack> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "starling-e2e-"));
  const port = options.port ?? (await freePort());
  const env = { ...process.env, ...options.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: "warn", DATABASE_URL: "", REDIS_URL: "", KAFKA_BROKERS: "" };
  for (const key of ["DATABASE_URL", "REDIS_URL", "KAFKA_BROKERS"] as const) delete env[key];
  const { nodeOptions, entry, args } = startScript();
  const server = startNode(entry, args, env, nodeOptions);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(async () => server.process.exitCode === null && (await fetch(`${url}/api/v1/instance`)).ok, { timeoutMs: 90_000, what: "embedded Starling" }).catch(async (error) => {
    // Never left running when it did not come up: no caller holds it to stop it later.
    await server.stop();
    throw new Error(`${error.message}\n${server.output()}`);
  });
  return {
    name: "embedded",
    url,
    pid: server.process.pid,
    processIds: () => new Map(server.process.pid === undefined ? [] : [["starling", server.process.pid]]),
    dataDir,
    // The embedded PostgreSQL listens only on a unix socket in DATA_DIR/postgres, as user postgres with trust.
    databaseUrl: `postgresql://postgres@${encodeURIComponent(join(dataDir, "postgres"))}/postgres`,
    output: () => server.output(),
    createAccount: (username, email, extra) => cliCreateAccount(env, username, email, extra),
    cli: (args) => runNode("packages/cli/src/main.ts", args, env),
    async stop() {
      await server.stop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The root package.json's start script (`node [options] packages/cli/src/main.ts start`), split so
 * the server is started exactly as the README's `node --run start` starts it (same node options, so
 * the bench measures the same process), without the `node --run` parent, which would not pass on
 * the SIGTERM that stops it.
 */
function startScript(): { nodeOptions: string[]; entry: string; args: string[] } {
  const script = (JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { scripts: { start: string } }).scripts.start;
  const [command, ...words] = script.trim().split(/\s+/);
  const at = words.findIndex((word) => !word.startsWith("-"));
  if (command !== "node" || at < 0) throw new Error(`the root start script no longer runs node on an entry point: ${script}`);
  return { nodeOptions: words.slice(0, at), entry: words[at]!, args: words.slice(at + 1) };
}
