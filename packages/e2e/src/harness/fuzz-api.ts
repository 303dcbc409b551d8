import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO_ROOT } from "./processes.ts";

/** One fuzzing run's traffic: how many requests, by status, and the answers that break the rules. */
export interface FuzzReport {
  requests: number;
  byStatus: Record<number, number>;
  /** Answers with a 5xx status, as "METHOD url → status". */
  serverErrors: string[];
  /** 4xx answers whose body is not JSON. */
  nonJsonErrors: string[];
  /** Requests schemathesis could not complete (connection refused or reset: the server fell over). */
  networkErrors: number;
  /** The tail of schemathesis's output, for failure messages. */
  output: string;
}

type HarEntry = { request: { method: string; url: string }; response: { status: number; content: { mimeType?: string } } };

/**
 * Fuzzes a running Starling from its own OpenAPI document with schemathesis (property-based:
 * generated valid and invalid parameters and bodies for every operation, within `maxSeconds`),
 * against `url` only (the document's server is ignored, redirects are not followed), and reads
 * back every exchange from the HAR report it writes.
 */
export async function fuzzApi(options: { url: string; document: unknown; headers?: Record<string, string>; maxSeconds: number; seed?: number }): Promise<FuzzReport> {
  const dir = mkdtempSync(join(tmpdir(), "starling-fuzz-"));
  try {
    const schema = join(dir, "openapi.json");
    const har = join(dir, "traffic.har");
    writeFileSync(schema, JSON.stringify(options.document));
    const headers = Object.entries(options.headers ?? {}).flatMap(([name, value]) => ["-H", `${name}: ${value}`]);
    const args = ["run", schema, "-u", options.url, ...headers, "--checks", "not_a_server_error", "--phases", "coverage,fuzzing", "--max-time", String(options.maxSeconds)];
    args.push("--workers", "2", "--max-redirects", "0", "--request-timeout", "30", "--no-shrink", "--seed", String(options.seed ?? Math.floor(Math.random() * 2 ** 31)));
    args.push("--report", "har", "--report-har-path", har);
    // Run from the temporary directory: schemathesis keeps a cache where it runs.
    // Its exit code is not used: besides server errors (read from the HAR) it also counts its own
    // generator's internal errors (hypothesis sometimes fails describing a strategy under threads).
    const { output } = await run(join(REPO_ROOT, "scripts/schemathesis.sh"), args, dir, (options.maxSeconds + 240) * 1000);
    const entries = (JSON.parse(readFileSync(har, "utf8")) as { log: { entries: HarEntry[] } }).log.entries;
    const byStatus: Record<number, number> = {};
    for (const entry of entries) byStatus[entry.response.status] = (byStatus[entry.response.status] ?? 0) + 1;
    const line = (entry: HarEntry) => `${entry.request.method} ${entry.request.url.slice(0, 300)} → ${entry.response.status}`;
    return {
      requests: entries.length,
      byStatus,
      serverErrors: entries.filter((e) => e.response.status >= 500).map(line),
      nonJsonErrors: entries.filter((e) => e.response.status >= 400 && !/^application\/json/.test(e.response.content.mimeType ?? "")).map(line),
      networkErrors: Number(/Network Error: (\d+)/.exec(output)?.[1] ?? 0),
      output: output.slice(-6_000),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function run(command: string, args: string[], cwd: string, timeoutMs: number): Promise<{ output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const keep = (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-50_000));
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("error", reject);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve({ output });
    });
  });
}
