import { invalidArgument, notFound, unauthenticated } from "@starling/runtime";
import { validateNewStatus } from "../domain/new-status.ts";
import { isFarEnoughAhead, reservationEnd, scheduleLimitError, utcDayOf, type ScheduledStatus, type ScheduledStatusParams } from "../domain/scheduled-status.ts";
import type { Status } from "../domain/status.ts";
import { countScheduledStatuses, insertScheduledStatus, lockAccountSchedule } from "../data/scheduled-statuses-queries.ts";
import { createStatus, type CreateStatusInput } from "./create-status.ts";
import type { Caller, StatusesDeps } from "./dependencies.ts";
import { findVisibleStatus } from "./find-visible-status.ts";
import { postingDefaultsFor } from "./posting-defaults.ts";
import { validStatusPoll } from "./status-poll.ts";

/** What the statuses service's scheduling needs beyond the use cases' dependencies. */
export interface SchedulingDeps extends StatusesDeps {
  /** How far ahead a status must be scheduled to wait (Mastodon: 5 minutes; lower in tests). */
  minScheduleLeadMs: number;
}

/** A scheduled status, or the status itself when its time was too close to wait for. */
export type ScheduleResult = { scheduled: ScheduledStatus; status?: undefined } | { status: Status; scheduled?: undefined };

/**
 * Schedules a status for `scheduledAt`. As Mastodon 4.0, a time not more than the minimum lead
 * ahead (the past included) posts the status at once. Otherwise the status is checked now by the
 * same rules as an immediate post (text, poll, visible parent, the caller's own unattached uploads),
 * so a bad one is refused at once rather than dropped later, and stored under the account's
 * limits (300 in all, 25 on the same UTC day), counted under a per-account lock.
 */
export async function scheduleStatus(deps: SchedulingDeps, caller: Caller, input: CreateStatusInput, scheduledAt: Date): Promise<ScheduleResult> {
  const accountId = caller.accountId;
  if (!accountId) throw unauthenticated("This method requires an authenticated user");
  const now = deps.now();
  if (!isFarEnoughAhead(scheduledAt, now, deps.minScheduleLeadMs)) return { status: await createStatus(deps, caller, input) };
  const valid = validateNewStatus(input, await postingDefaultsFor(deps, caller, input));
  if (!valid.ok) throw invalidArgument(valid.error);
  validStatusPoll(input.poll, valid.status.mediaIds.length, deps.pollMinExpirationSeconds);
  const { inReplyToId, mediaIds } = valid.status;
  if (inReplyToId && !(await findVisibleStatus(deps, caller, inReplyToId))) throw notFound("The status to reply to does not exist or is not visible to you");
  await deps.media.reserve(accountId, mediaIds, reservationEnd(scheduledAt), caller);
  const params: ScheduledStatusParams = {
    text: valid.status.text,
    visibility: valid.status.visibility,
    spoilerText: valid.status.spoilerText,
    inReplyToId: inReplyToId ?? undefined,
    language: valid.status.language ?? undefined,
    sensitive: valid.status.sensitive,
    application: valid.status.application,
    mediaIds,
    poll: input.poll ?? null,
  };
  const scheduled: ScheduledStatus = { id: deps.newId(), accountId, scheduledAt, params, createdAt: now };
  await deps.db.transaction(async (trx) => {
    await lockAccountSchedule(deps.db, trx, accountId);
    const refused = scheduleLimitError(await countScheduledStatuses(deps.db, trx, accountId, utcDayOf(scheduledAt)));
    if (refused) throw invalidArgument(refused);
    await insertScheduledStatus(deps.db, trx, scheduled);
  });
  return { scheduled };
}
