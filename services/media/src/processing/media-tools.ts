import { spawn } from "node:child_process";
import { failedPrecondition } from "@starling/runtime";

/**
 * ffmpeg and ffprobe, which audio, video and animated GIF uploads need (images need neither: sharp
 * handles them). A server without them still serves images, so their absence is checked, logged at
 * start, shown on /readyz and answered with a clear refusal, never a failed spawn mid-upload.
 */
export interface MediaTools {
  /** Paths (or names on PATH) of the two programs. */
  ffmpeg: string;
  ffprobe: string;
  /** Longest one run may take before it is killed, in milliseconds. */
  timeoutMs: number;
  /** Names of the tools that cannot be started, with the path tried: ["ffprobe (/usr/bin/ffprobe)"]. */
  missing(): Promise<string[]>;
  /** Throws FAILED_PRECONDITION (HTTP 422) naming the missing tools, when any is; `what` says which uploads need them. */
  require(what: string): Promise<void>;
}

/** The tools at the given paths. A tool once found is not looked for again; a missing one is, so installing it needs no restart. */
export function mediaTools(paths: { ffmpeg: string; ffprobe: string; timeoutMs: number }): MediaTools {
  const found = new Set<string>();
  const missing = async () => {
    const names = (["ffmpeg", "ffprobe"] as const).filter((name) => !found.has(name));
    const starts = await Promise.all(names.map((name) => runs(paths[name])));
    names.forEach((name, i) => starts[i] && found.add(name));
    return names.filter((_, i) => !starts[i]).map((name) => `${name} (${paths[name]})`);
  };
  return {
    ...paths,
    missing,
    async require(what) {
      const lacking = await missing();
      // The client hears only the names; the paths are the operator's business (logs, /readyz).
      const names = lacking.map((tool) => tool.split(" ")[0]);
      if (names.length) throw failedPrecondition(`${what} cannot be processed: this server lacks ${names.join(" and ")}`);
    },
  };
}

/** Whether `command -version` starts and exits 0. */
function runs(command: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, ["-version"], { stdio: "ignore" });
    child.on("error", () => resolve(false));
    child.on("close", (code) => resolve(code === 0));
  });
}
