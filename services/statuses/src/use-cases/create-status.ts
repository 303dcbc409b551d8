import { enqueueEvents } from "@starling/events";
import { failedPrecondition, invalidArgument, notFound, unauthenticated } from "@starling/runtime";
import { formatContent } from "@starling/text";
import { validateNewStatus, type NewStatusInput, type ValidNewStatus } from "../domain/new-status.ts";
import type { Status } from "../domain/status.ts";
import { localStatusUrls } from "../domain/status-urls.ts";
import { countsAsReply } from "../domain/visibility.ts";
import { claimIdempotencyKey, findIdempotentStatusId } from "../data/idempotency-keys.ts";
import { adjustRepliesCount, findLiveStatus, insertStatus } from "../data/statuses-table.ts";
import type { Caller, StatusesDeps } from "./dependencies.ts";
import { findVisibleStatus } from "./find-visible-status.ts";
import { statusCreatedEvent } from "./status-events.ts";

/** Mastodon remembers an Idempotency-Key for an hour. */
const IDEMPOTENCY_WINDOW_MS = 60 * 60 * 1000;

/** A new status as requested, with the Idempotency-Key header ("" when absent). */
export interface CreateStatusInput extends NewStatusInput {
  idempotencyKey: string;
}

/**
 * Posts a status as the caller. Validates it, answers a repeated Idempotency-Key with the first
 * status, checks the parent can be seen, has the media service attach the uploads, then stores the
 * status, the parent's reply count and status.created in one transaction. Other services are asked
 * before the transaction opens: a remote call must not hold it (embedded services share one
 * PGlite connection, so the media service could not even answer). If the transaction then fails,
 * the uploads stay attached to a status id that never existed; only a lost race does that.
 */
export async function createStatus(deps: StatusesDeps, caller: Caller, input: CreateStatusInput): Promise<Status> {
  const accountId = caller.accountId;
  if (!accountId) throw unauthenticated("This method requires an authenticated user");
  const valid = validateNewStatus(input);
  if (!valid.ok) throw invalidArgument(valid.error);
  const key = input.idempotencyKey.trim();
  const now = deps.now();
  const windowStart = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS);
  if (key !== "") {
    const firstId = await findIdempotentStatusId(deps.db, accountId, key, windowStart);
    if (firstId) return rememberedStatus(deps, firstId);
  }
  const parent = valid.status.inReplyToId ? await visibleParent(deps, caller, valid.status.inReplyToId) : null;
  const username = (await deps.accounts.usernames([accountId], caller)).get(accountId);
  if (!username) throw failedPrecondition("The account of this token does not exist");
  const status = buildStatus(deps, accountId, username, valid.status, parent, now);
  if (status.mediaIds.length > 0) await deps.media.attach(status.id, accountId, status.mediaIds, caller);
  const created = await deps.db.transaction(async (trx) => {
    if (key !== "" && !(await claimIdempotencyKey(deps.db, trx, { accountId, key, statusId: status.id, at: now }, windowStart))) return false;
    await insertStatus(deps.db, trx, status);
    if (parent && countsAsReply(status.visibility) && !(await adjustRepliesCount(deps.db, trx, parent.id, 1))) throw notFound();
    await enqueueEvents(deps.db, trx, [statusCreatedEvent(status)]);
    return true;
  });
  if (!created) return rememberedStatus(deps, (await findIdempotentStatusId(deps.db, accountId, key, windowStart)) ?? "");
  deps.relay.nudge();
  return status;
}

// Mastodon answers 404 when the parent is unknown, deleted or hidden from the author.
async function visibleParent(deps: StatusesDeps, caller: Caller, id: string): Promise<Status> {
  const parent = await findVisibleStatus(deps, caller, id);
  if (!parent) throw notFound();
  return parent;
}

// The first status of a repeated key; gone when it was deleted since, as in Mastodon.
async function rememberedStatus(deps: StatusesDeps, statusId: string): Promise<Status> {
  const status = statusId ? await findLiveStatus(deps.db, statusId) : undefined;
  if (!status) throw notFound();
  return status;
}

function buildStatus(deps: StatusesDeps, accountId: string, username: string, valid: ValidNewStatus, parent: Status | null, now: Date): Status {
  const id = deps.newId();
  const { uri, url } = localStatusUrls(deps.baseUrl, username, id);
  return {
    id,
    uri,
    url,
    accountId,
    inReplyToId: parent?.id ?? null,
    inReplyToAccountId: parent?.accountId ?? null,
    text: valid.text,
    content: formatContent(valid.text),
    spoilerText: valid.spoilerText,
    visibility: valid.visibility,
    sensitive: valid.sensitive,
    language: valid.language,
    local: true,
    application: valid.application,
    createdAt: now,
    editedAt: null,
    deletedAt: null,
    repliesCount: 0,
    reblogsCount: 0,
    favouritesCount: 0,
    mediaIds: valid.mediaIds,
  };
}
