import { createPollingLoop } from "@starling/events";
import type { Logger } from "@starling/runtime";
import type { ModerationDeps } from "../use-cases/deps.ts";
import { publishDueAnnouncements } from "../use-cases/publish-due-announcements.ts";

const BATCH_SIZE = 50;

/**
 * The announcement scheduler, as statuses' poll end announcer: every `intervalMs` (and at once
 * while a full batch was found) it publishes what is due by the use cases' clock. The due rows are
 * the state, so a restart loses nothing and replicas share the work (SKIP LOCKED).
 */
export function startAnnouncementPublisher(deps: Pick<ModerationDeps, "db" | "now" | "nudgeRelay">, settings: { intervalMs: number; logger: Logger }): { stop(): Promise<void> } {
  const loop = createPollingLoop(async () => ((await publishDueAnnouncements(deps, BATCH_SIZE)) >= BATCH_SIZE ? 1 : 0), {
    intervalMs: settings.intervalMs,
    onError: (error) => settings.logger.error({ err: error }, "announcement publisher pass failed"),
  });
  loop.start();
  return { stop: () => loop.stop() };
}
