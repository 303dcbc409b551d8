/**
 * Keeps a service process running, as Kubernetes does for a pod's container: when it dies it is
 * started again after a back-off that doubles with each quick death and resets once the process has
 * stayed up a while, with a log line each time. The production-like run (scripts/run-production.sh)
 * puts every service under one (supervise-main.ts).
 */
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";

/** Options of {@link supervise}. */
export interface SuperviseOptions {
  /** The program and its arguments. */
  command: string;
  args: string[];
  /** Passed to spawn (stdio, env, cwd); stdio is inherited by default. */
  spawn?: SpawnOptions;
  /** Pause before the first restart in milliseconds (default 1 000). */
  firstBackoffMs?: number;
  /** Upper bound of the pause (default 30 000). */
  maxBackoffMs?: number;
  /** A process that stayed up this long counts as healthy: the next pause starts from the first again (default 60 000). */
  healthyAfterMs?: number;
  /** Receives "started" (info) and "exited; restarting" (warn) lines; a pino logger named after the service fits. */
  logger: { info(fields: object, message: string): void; warn(fields: object, message: string): void };
}

/** A supervised process. */
export interface Supervised {
  /** The process running now (undefined while waiting to restart). */
  readonly child: ChildProcess | undefined;
  /** Stops supervising, sends `signal` to the process and resolves with its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `command` and restarts it whenever it exits, until stopped. */
export function supervise(options: SuperviseOptions): Supervised {
  const first = options.firstBackoffMs ?? 1_000;
  const cap = options.maxBackoffMs ?? 30_000;
  const healthyAfter = options.healthyAfterMs ?? 60_000;
  let child: ChildProcess | undefined;
  let stopping = false;
  let backoff = first;
  let restarts = 0;
  let timer: NodeJS.Timeout | undefined;
  let exited: Promise<number | null> = Promise.resolve(null);

  const start = () => {
    timer = undefined;
    const startedAt = Date.now();
    const running = spawn(options.command, options.args, { stdio: "inherit", ...options.spawn });
    child = running;
    options.logger.info({ pid: running.pid, restarts }, "service started");
    exited = new Promise((resolve) => {
      running.once("exit", (code, signal) => {
        child = undefined;
        resolve(code);
        if (stopping) return;
        if (Date.now() - startedAt >= healthyAfter) backoff = first;
        restarts++;
        options.logger.warn({ code, signal, restartInMs: backoff, restarts }, "service exited; restarting");
        timer = setTimeout(start, backoff);
        backoff = Math.min(cap, backoff * 2);
      });
    });
  };
  start();

  return {
    get child() {
      return child;
    },
    async stop(signal = "SIGTERM") {
      stopping = true;
      if (timer) clearTimeout(timer);
      child?.kill(signal);
      return exited;
    },
  };
}
