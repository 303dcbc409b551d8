import { launchEmbedded } from "../launch-embedded.ts";

/** `starling start`: every service in this process, embedded by default; stops on SIGTERM/SIGINT. */
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
