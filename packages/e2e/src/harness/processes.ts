import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

/** The repository root, from which every entry point is started. */
export const REPO_ROOT = resolve(import.meta.dirname, "../../../..");

/** A child process started with `node` (TypeScript runs by type stripping), with its output kept for failure reports. */
export interface Child {
  process: ChildProcess;
  output: () => string;
  /** Sends SIGTERM and waits for exit (SIGKILL after the grace period). */
  stop(graceMs?: number): Promise<void>;
}

/** Starts `node ...nodeOptions <entry> ...args` from the repository root. */
export function startNode(entry: string, args: string[], env: Record<string, string | undefined>, nodeOptions: string[] = []): Child {
  const child = spawn(process.execPath, [...nodeOptions, entry, ...args], { cwd: REPO_ROOT, env: env as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  return {
    process: child,
    output: () => output,
    async stop(graceMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Runs a node entry point to completion and returns its stdout; rejects with its output on failure. */
export function runNode(entry: string, args: string[], env: Record<string, string | undefined>, timeoutMs = 60_000): Promise<string> {
  const child = startNode(entry, args, env);
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      child.process.kill("SIGKILL");
      reject(new Error(`${entry} ${args.join(" ")} timed out:\n${child.output()}`));
    }, timeoutMs);
    child.process.once("exit", (code) => {
      clearTimeout(timer);
      if (code === 0) resolvePromise(child.output());
      else reject(new Error(`${entry} ${args.join(" ")} exited with ${code}:\n${child.output()}`));
    });
  });
}

/** The ids of the processes `pid` started that are still running (Linux's /proc). */
export function childPidsOf(pid: number): number[] {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
  return children ? children.split(/\s+/).map(Number) : [];
}
