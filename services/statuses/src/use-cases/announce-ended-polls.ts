import { enqueueEvents, outboxEvent } from "@starling/events";
import { lockEndedPolls, markPollEndAnnounced } from "../data/poll-ends-queries.ts";
import type { StatusesDeps } from "./dependencies.ts";

/**
 * Publishes poll.ended for up to `batchSize` polls whose end passed by the use cases' clock, each
 * once per end, in one transaction with the marks that say so. Timelines turns the event into
 * `poll` notifications for the author and the voters. Resolves how many it announced.
 */
export async function announceEndedPolls(deps: Pick<StatusesDeps, "db" | "now" | "relay">, batchSize: number): Promise<number> {
  const count = await deps.db.transaction(async (trx) => {
    const ended = await lockEndedPolls(deps.db, trx, deps.now(), batchSize);
    for (const poll of ended) await markPollEndAnnounced(deps.db, trx, poll.id, poll.expiresAt);
    await enqueueEvents(deps.db, trx, ended.map((poll) => outboxEvent("statuses", "poll.ended", poll.statusId, {
      pollId: poll.id,
      statusId: poll.statusId,
      accountId: poll.accountId,
      voterAccountIds: poll.voterAccountIds,
      endedAt: poll.expiresAt,
    })));
    return ended.length;
  });
  if (count > 0) deps.relay.nudge();
  return count;
}
