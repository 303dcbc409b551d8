import { failedPrecondition, invalidArgument, notFound, unauthenticated } from "@starling/runtime";
import { validateNewStatus, type NewStatusInput, type ValidNewStatus } from "../domain/new-status.ts";
import type { Status } from "../domain/status.ts";
import { localStatusUrls } from "../domain/status-urls.ts";
import { claimIdempotencyKey, findIdempotentStatusId } from "../data/idempotency-keys-queries.ts";
import { findLiveStatus } from "../data/statuses-queries.ts";
import { composeStatusText, type ComposedText } from "./compose-status-text.ts";
import { postingDefaultsFor } from "./posting-defaults.ts";
import type { Caller, StatusesDeps } from "./dependencies.ts";
import { findVisibleStatus } from "./find-visible-status.ts";
import type { PollInput } from "../domain/poll-rules.ts";
import { newStatusPoll, validStatusPoll } from "./status-poll.ts";
import { storeNewStatus } from "./store-new-status.ts";

/** Mastodon remembers an Idempotency-Key for an hour. */
const IDEMPOTENCY_WINDOW_MS = 60 * 60 * 1000;

/** A new status as requested, with the Idempotency-Key header ("" when absent). */
export interface CreateStatusInput extends NewStatusInput {
  /** Absent (or blank) when the client sent none. */
  idempotencyKey?: string | undefined;
  /** The poll to attach, if any. */
  poll?: PollInput | null;
}

/**
 * Posts a status as the caller. Validates it, answers a repeated Idempotency-Key with the first
 * status, checks the parent can be seen, has the media service attach the uploads, then stores the
 * status, the parent's reply count and status.created in one transaction. Other services are asked
 * before the transaction opens: a remote call must not hold it (the embedded services share one
 * small connection pool, which the media service also needs to answer). If the transaction then fails,
 * the uploads stay attached to a status id that never existed; only a lost race does that.
 */
export async function createStatus(deps: StatusesDeps, caller: Caller, input: CreateStatusInput): Promise<Status> {
  const accountId = caller.accountId;
  if (!accountId) throw unauthenticated("This method requires an authenticated user");
  const valid = validateNewStatus(input, await postingDefaultsFor(deps, caller, input));
  if (!valid.ok) throw invalidArgument(valid.error);
  const validPoll = validStatusPoll(input.poll, valid.status.mediaIds.length, deps.pollMinExpirationSeconds);
  const key = input.idempotencyKey?.trim() ?? "";
  const now = deps.now();
  const windowStart = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS);
  if (key !== "") {
    const firstId = await findIdempotentStatusId(deps.db, accountId, key, windowStart);
    if (firstId) return rememberedStatus(deps, firstId);
  }
  const parent = valid.status.inReplyToId ? await visibleParent(deps, caller, valid.status.inReplyToId) : null;
  const username = (await deps.accounts.usernames([accountId], caller)).get(accountId);
  if (!username) throw failedPrecondition("The account of this token does not exist");
  const composed = await composeStatusText(deps, caller, valid.status.text, valid.status.spoilerText);
  const built = buildStatus(deps, accountId, username, valid.status, composed, parent, now);
  const poll = newStatusPoll(built, validPoll, deps.newId);
  const status = poll ? { ...built, pollId: poll.id } : built;
  if (status.mediaIds.length > 0) await deps.media.attach(status.id, accountId, status.mediaIds, caller);
  const created = await deps.db.transaction(async (trx) => {
    if (key !== "" && !(await claimIdempotencyKey(deps.db, trx, { accountId, key, statusId: status.id, at: now }, windowStart))) return false;
    await storeNewStatus(deps, trx, status, composed.tags, poll);
    return true;
  });
  if (!created) return rememberedStatus(deps, (await findIdempotentStatusId(deps.db, accountId, key, windowStart)) ?? "");
  deps.relay.nudge();
  return status;
}

// Mastodon answers 404 when the parent is unknown, deleted or hidden from the author, so a reply
// does not reveal that a private status exists. The reply keeps the visibility its author chose,
// as in Mastodon, even when it is more public than the parent: it shows only its own text.
async function visibleParent(deps: StatusesDeps, caller: Caller, id: string): Promise<Status> {
  const parent = await findVisibleStatus(deps, caller, id);
  if (!parent) throw notFound("The status to reply to does not exist or is not visible to you");
  return parent;
}

// The first status of a repeated key; gone when it was deleted since, as in Mastodon.
async function rememberedStatus(deps: StatusesDeps, statusId: string): Promise<Status> {
  const status = statusId ? await findLiveStatus(deps.db, statusId) : undefined;
  if (!status) throw notFound();
  return status;
}

function buildStatus(deps: StatusesDeps, accountId: string, username: string, valid: ValidNewStatus, composed: ComposedText, parent: Status | null, now: Date): Status {
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
    content: composed.content,
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
    mentionedAccountIds: composed.mentionedAccountIds,
    tags: composed.tags.map((tag) => tag.normalized),
    emojiShortcodes: composed.emojiShortcodes,
  };
}
