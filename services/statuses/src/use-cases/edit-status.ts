import { invalidArgument, notFound, unauthenticated } from "@starling/runtime";
import { isStatusId } from "../domain/new-status.ts";
import type { PollInput } from "../domain/poll-rules.ts";
import type { Status } from "../domain/status.ts";
import { editChangesNothing, validateStatusEdit, type StatusEditInput, type ValidStatusEdit } from "../domain/status-edit-rules.ts";
import { pollSnapshot } from "../domain/status-version.ts";
import { findLiveStatus } from "../data/statuses-queries.ts";
import { lockLiveStatus } from "../data/status-edits-queries.ts";
import { composeStatusText, type ComposedText } from "./compose-status-text.ts";
import type { Caller, StatusesDeps } from "./dependencies.ts";
import { replaceStatusPoll, validStatusPoll } from "./status-poll.ts";
import { storeStatusEdit, versionsBeforeEdit } from "./store-status-edit.ts";

/** PUT /api/v1/statuses/:id as the statuses service receives it. */
export interface EditStatusInput extends StatusEditInput {
  id: string;
  /** The poll of the new version; null or absent removes the status's poll. */
  poll?: PollInput | null;
}

/**
 * Edits the caller's own status (Mastodon's UpdateStatusService): the rules of a new status, the
 * text composed the way a new status's is (HTML, mentions, hashtags, emojis), new uploads attached
 * through the media service before the transaction (a remote call must not hold it), then in one
 * transaction the status row, its hashtags, its poll, its versions and status.updated. The first
 * edit also stores the original as a version dated at the status's creation, so history always
 * holds every version. Someone else's status is NOT_FOUND, as Mastodon's lookup scoped to the
 * caller's statuses answers 404. An edit that changes nothing stores nothing.
 */
export async function editStatus(deps: StatusesDeps, caller: Caller, input: EditStatusInput): Promise<Status> {
  const accountId = caller.accountId;
  if (!accountId) throw unauthenticated("This method requires an authenticated user");
  const current = isStatusId(input.id) ? await findLiveStatus(deps.db, input.id) : undefined;
  if (!current || current.accountId !== accountId) throw notFound();
  const valid = validateStatusEdit(input, current);
  if (!valid.ok) throw invalidArgument(valid.error);
  const edit = valid.edit;
  const poll = validStatusPoll(input.poll, edit.mediaIds.length, deps.pollMinExpirationSeconds);
  if (editChangesNothing(current, edit, poll !== null)) return current;
  // Uploads already on this status (kept from an earlier version) attach again without harm; new
  // ones are checked by the media service (the caller's, processed, not on another status).
  if (edit.mediaIds.some((id) => !current.mediaIds.includes(id))) await deps.media.attach(current.id, accountId, edit.mediaIds, caller);
  const composed = await composeStatusText(deps, caller, edit.text, edit.spoilerText);
  const edited = await deps.db.transaction(async (trx) => {
    const locked = await lockLiveStatus(deps.db, trx, current.id);
    if (!locked) throw notFound();
    // Another edit may have committed since the read above; this one applies on top of it.
    if (editChangesNothing(locked, edit, poll !== null)) return undefined;
    const now = deps.now();
    const earlier = await versionsBeforeEdit(deps, trx, locked);
    const replaced = await replaceStatusPoll(deps.db, trx, locked, poll, now, deps.newId);
    const next = applyEdit(locked, edit, composed, replaced.poll?.id ?? null, now);
    await storeStatusEdit(deps, trx, { earlier, next, poll: pollSnapshot(replaced.poll), tags: composed.tags });
    return next;
  });
  if (!edited) return (await findLiveStatus(deps.db, current.id)) ?? current;
  deps.relay.nudge();
  return edited;
}

function applyEdit(status: Status, edit: ValidStatusEdit, composed: ComposedText, pollId: string | null, at: Date): Status {
  return {
    ...status,
    text: edit.text,
    content: composed.content,
    spoilerText: edit.spoilerText,
    sensitive: edit.sensitive,
    language: edit.language,
    mediaIds: edit.mediaIds,
    mentionedAccountIds: composed.mentionedAccountIds,
    tags: composed.tags.map((tag) => tag.normalized),
    emojiShortcodes: composed.emojiShortcodes,
    pollId,
    editedAt: at,
  };
}
