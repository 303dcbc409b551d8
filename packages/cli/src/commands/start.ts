import { createLogger, watchReadiness } from "@starling/runtime";
import { launchEmbedded } from "../launch-embedded.ts";

/**
 * `starling start`: every service in this process, embedded by default; stops on SIGTERM/SIGINT.
 * The root package.json runs it as `node --max-semi-space-size=8 ...`: left alone, V8 grows the
 * young generation of a process this size to 64 MiB of resident memory that sits empty at idle;
 * 8 MiB semi-spaces keep the idle process about 45 MiB smaller.
 * A service that stays unready (its database or bus gone) stops the whole process with exit code 1
 * and a log line naming it, rather than leaving the rest serving around it; whatever runs
 * `starling start` (a shell, systemd, a container runtime) sees the exit and can start it again.
 */
export async function startCommand(): Promise<void> {
  const started = Date.now();
  const { addresses, shutdown, readiness } = await launchEmbedded();
  shutdown.listen();
  const logger = createLogger("starling");
  const watchdog = watchReadiness(readiness, {
    onGiveUp(service, report) {
      logger.fatal({ service, checks: report.checks }, `the ${service} service has failed its readiness checks for 30 s; stopping Starling rather than serving half of it`);
      void shutdown.run(`${service} not ready`).finally(() => process.exit(1));
    },
  });
  shutdown.add("drain", "readiness watchdog", () => watchdog.stop());
  console.log(startBanner(`http://${addresses["gateway-http"]}`, Date.now() - started));
}

/** The last lines of the start-up: where Starling answers and the command that makes the first account. */
export function startBanner(url: string, readyMs: number): string {
  return [
    `Starling is ready in ${readyMs} ms: ${url}`,
    "Make the first account (an Owner; the command prints its password, and the e-mail signs in):",
    "  pnpm starling accounts create alice --email alice@example.com --confirmed --role Owner",
  ].join("\n");
}
