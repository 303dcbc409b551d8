import { launchEmbedded } from "../launch-embedded.ts";

/**
 * `starling start`: every service in this process, embedded by default; stops on SIGTERM/SIGINT.
 * The root package.json runs it as `node --max-semi-space-size=8 ...`: left alone, V8 grows the
 * young generation of a process this size to 64 MiB of resident memory that sits empty at idle;
 * 8 MiB semi-spaces keep the idle process about 45 MiB smaller.
 */
export async function startCommand(): Promise<void> {
  const started = Date.now();
  const { addresses, shutdown } = await launchEmbedded();
  shutdown.listen();
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
