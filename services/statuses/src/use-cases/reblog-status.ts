import { enqueueEvents } from "@starling/events";
import { failedPrecondition, invalidArgument, notFound, permissionDenied } from "@starling/runtime";
import { mayReblog, reblogVisibility } from "../domain/interaction-rules.ts";
import type { Status } from "../domain/status.ts";
import { localStatusUrls } from "../domain/status-urls.ts";
import { adjustInteractionCount, findLiveReblog, insertReblog } from "../data/reblogs-queries.ts";
import { findLiveStatus } from "../data/statuses-queries.ts";
import { softDeleteStatus } from "./delete-status.ts";
import type { Caller, StatusesDeps } from "./dependencies.ts";
import { actingAccount, visibleProperStatus } from "./interaction-target.ts";
import { reblogCreatedEvent } from "./interaction-events.ts";
import { statusCreatedEvent } from "./status-events.ts";

/** A reblog and the status it reblogs. */
export interface Reblog {
  reblog: Status;
  original: Status;
}

/**
 * Reblogs a status as the caller (the original when given a reblog). A second reblog of the same
 * status returns the first. Stores the reblog, the original's reblogs_count, status.created (home
 * feeds fan reblogs out from it) and reblog.created in one transaction.
 */
export async function reblogStatus(deps: StatusesDeps, caller: Caller, id: string, requestedVisibility: string | undefined): Promise<Reblog> {
  const accountId = actingAccount(caller);
  const original = await visibleProperStatus(deps, caller, id);
  if (!mayReblog(original, accountId)) throw permissionDenied("This action is not allowed");
  const visibility = reblogVisibility(original, requestedVisibility);
  if (!visibility) throw invalidArgument("Validation failed: Visibility is not included in the list");
  const existing = await findLiveReblog(deps.db, accountId, original.id);
  if (existing) return { reblog: existing, original };
  const username = (await deps.accounts.usernames([accountId], caller)).get(accountId);
  if (!username) throw failedPrecondition("The account of this token does not exist");
  const reblogId = deps.newId();
  // Mastodon's local reblog: its ActivityPub id is the Announce activity's.
  const { uri, url } = localStatusUrls(deps.baseUrl, username, reblogId);
  const reblog = newReblog(original, { id: reblogId, uri: `${uri}/activity`, url, accountId, visibility, local: true, createdAt: deps.now() });
  const stored = await storeReblog(deps, reblog, original);
  // A concurrent identical request won: answer with its reblog, as a repeated one would be.
  const current = stored ? reblog : await findLiveReblog(deps.db, accountId, original.id);
  if (!current) throw notFound();
  return { reblog: current, original: (await findLiveStatus(deps.db, original.id)) ?? original };
}

/**
 * Deletes the caller's reblog of `id` (or of its original), if there is one; answers with the
 * original, which must be visible.
 */
export async function unreblogStatus(deps: StatusesDeps, caller: Caller, id: string): Promise<Status> {
  const accountId = actingAccount(caller);
  const original = await visibleProperStatus(deps, caller, id);
  const reblog = await findLiveReblog(deps.db, accountId, original.id);
  if (reblog) {
    const at = deps.now();
    // The delete path of every status: the original's count, status.deleted and reblog.deleted.
    const removed = await deps.db.transaction((trx) => softDeleteStatus(deps, trx, reblog, at));
    if (removed) deps.relay.nudge();
  }
  return (await findLiveStatus(deps.db, original.id)) ?? original;
}

/**
 * Stores a reblog in one transaction: the row, the original's reblogs_count, status.created (home
 * feeds fan reblogs out from it) and reblog.created. False, storing nothing, when the account has
 * a live reblog of the original already or the reblog's URI is taken.
 */
export async function storeReblog(deps: Pick<StatusesDeps, "db" | "relay">, reblog: Status, original: Status): Promise<boolean> {
  const stored = await deps.db.transaction(async (trx) => {
    if (!(await insertReblog(deps.db, trx, reblog))) return false;
    if (!(await adjustInteractionCount(deps.db, trx, original.id, "reblogs_count", 1))) throw notFound();
    await enqueueEvents(deps.db, trx, [statusCreatedEvent(reblog, original), reblogCreatedEvent(reblog, original)]);
    return true;
  });
  if (stored) deps.relay.nudge();
  return stored;
}

/** What tells one reblog from another: who, when, where it is addressed and its ActivityPub id. */
export type ReblogFields = Pick<Status, "id" | "uri" | "url" | "accountId" | "visibility" | "local" | "createdAt">;

/** A reblog of `original` as Mastodon stores it: a status with no text of its own. */
export function newReblog(original: Status, fields: ReblogFields): Status {
  return {
    ...fields,
    inReplyToId: null,
    inReplyToAccountId: null,
    text: "",
    content: "",
    spoilerText: "",
    sensitive: false,
    language: null,
    application: null,
    editedAt: null,
    deletedAt: null,
    repliesCount: 0,
    reblogsCount: 0,
    favouritesCount: 0,
    mediaIds: [],
    reblogOfId: original.id,
  };
}
