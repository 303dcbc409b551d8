import { enqueueEvents, outboxEvent } from "@starling/events";
import type { Status } from "../domain/status.ts";
import { muteThread, threadRoots, unmuteThread } from "../data/conversation-mutes-queries.ts";
import type { Caller, StatusesDeps } from "./dependencies.ts";
import { actingAccount, visibleStatus } from "./interaction-target.ts";

/**
 * Mutes, for the caller, the conversation a visible status belongs to: its thread root, so every
 * status of the thread reads `muted`; conversation.muted tells the timelines service, which then
 * sends no notification about the thread's statuses to the caller.
 */
export async function muteConversation(deps: StatusesDeps, caller: Caller, id: string): Promise<Status> {
  return changeConversationMute(deps, caller, id, "conversation.muted");
}

/** Unmutes the conversation of a visible status; harmless when it was not muted. */
export async function unmuteConversation(deps: StatusesDeps, caller: Caller, id: string): Promise<Status> {
  return changeConversationMute(deps, caller, id, "conversation.unmuted");
}

async function changeConversationMute(deps: StatusesDeps, caller: Caller, id: string, type: "conversation.muted" | "conversation.unmuted"): Promise<Status> {
  const accountId = actingAccount(caller);
  const status = await visibleStatus(deps, caller, id);
  const rootStatusId = (await threadRoots(deps.db, [status.id])).get(status.id) ?? status.id;
  const changed = await deps.db.transaction(async (trx) => {
    const done = type === "conversation.muted" ? await muteThread(deps.db, trx, accountId, rootStatusId, deps.now()) : await unmuteThread(deps.db, trx, accountId, rootStatusId);
    if (done) await enqueueEvents(deps.db, trx, [outboxEvent("statuses", type, accountId, { accountId, rootStatusId })]);
    return done;
  });
  if (changed) deps.relay.nudge();
  return status;
}
