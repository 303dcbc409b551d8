import { createPollingLoop } from "@starling/events";
import type { Logger } from "@starling/runtime";
import { announceEndedPolls } from "../use-cases/announce-ended-polls.ts";
import type { StatusesDeps } from "../use-cases/dependencies.ts";

const BATCH_SIZE = 100;

/**
 * The poll scheduler: every `intervalMs` (and at once while a full batch was found), announces the
 * polls that ended by the use cases' clock, so a test moving that clock sees them on the next pass.
 */
export function startPollEndAnnouncer(deps: Pick<StatusesDeps, "db" | "now" | "relay">, settings: { intervalMs: number; logger: Logger }): { stop(): Promise<void> } {
  const loop = createPollingLoop(async () => ((await announceEndedPolls(deps, BATCH_SIZE)) >= BATCH_SIZE ? 1 : 0), {
    intervalMs: settings.intervalMs,
    onError: (error) => settings.logger.error({ err: error }, "poll end announcer pass failed"),
  });
  loop.start();
  return { stop: () => loop.stop() };
}
