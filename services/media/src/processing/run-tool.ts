import { spawn } from "node:child_process";

/** A media tool that failed, timed out or produced nothing usable: the input is at fault, retrying will not help. */
export class ProcessingError extends Error {}

/**
 * Runs ffmpeg or ffprobe without a shell, killing it after `timeoutMs`. Resolves with stdout; rejects
 * with a ProcessingError carrying the tail of stderr.
 */
export function runTool(command: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    const out: Buffer[] = [];
    let err = "";
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => (err = (err + chunk.toString()).slice(-2000)));
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error); // spawn failure (tool missing): not the input's fault
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(out).toString());
      else reject(new ProcessingError(`${command} ${signal ? `killed (${signal})` : `exited ${code}`}: ${err.trim().split("\n").slice(-3).join(" | ")}`));
    });
  });
}
