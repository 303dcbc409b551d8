import type { Status } from "../domain/status.ts";
import { muteThread, threadRoots, unmuteThread } from "../data/conversation-mutes-queries.ts";
import type { Caller, StatusesDeps } from "./dependencies.ts";
import { actingAccount, visibleStatus } from "./interaction-target.ts";

/**
 * Mutes, for the caller, the conversation a visible status belongs to: its thread root, so every
 * status of the thread reads `muted` (notifications from it will be dropped once they exist).
 */
export async function muteConversation(deps: StatusesDeps, caller: Caller, id: string): Promise<Status> {
  const accountId = actingAccount(caller);
  const status = await visibleStatus(deps, caller, id);
  const root = (await threadRoots(deps.db, [status.id])).get(status.id) ?? status.id;
  await muteThread(deps.db, accountId, root, deps.now());
  return status;
}

/** Unmutes the conversation of a visible status; harmless when it was not muted. */
export async function unmuteConversation(deps: StatusesDeps, caller: Caller, id: string): Promise<Status> {
  const accountId = actingAccount(caller);
  const status = await visibleStatus(deps, caller, id);
  const root = (await threadRoots(deps.db, [status.id])).get(status.id) ?? status.id;
  await unmuteThread(deps.db, accountId, root);
  return status;
}
