import { launchEmbedded } from "../launch-embedded.ts";

/** `starling start`: every service in this process, embedded by default; stops on SIGTERM/SIGINT. */
export async function startCommand(): Promise<void> {
  const started = Date.now();
  const { addresses, shutdown } = await launchEmbedded();
  shutdown.listen();
  console.log(`Starling is ready in ${Date.now() - started} ms: http://${addresses["gateway-http"]}`);
}
