import { invalidArgument, notFound, unauthenticated } from "@starling/runtime";
import { isStatusId } from "../domain/new-status.ts";
import { pageCursors, parsePage, type PageInput } from "@starling/paging";
import { isFarEnoughAhead, reservationEnd, scheduleLimitError, SCHEDULE_ERRORS, utcDayOf, type ScheduledStatus } from "../domain/scheduled-status.ts";
import {
  countScheduledStatuses,
  deleteScheduledStatus,
  findScheduledStatus,
  listScheduledStatuses as readPage,
  lockAccountSchedule,
  setScheduledAt,
} from "../data/scheduled-statuses-queries.ts";
import type { Caller } from "./dependencies.ts";
import type { RecordListPage } from "./list-interactions.ts";
import type { SchedulingDeps } from "./schedule-status.ts";

// Mastodon lists 20 scheduled statuses by default, 40 at most.
const LIST_LIMIT = 20;

function owner(caller: Caller): string {
  if (!caller.accountId) throw unauthenticated("This method requires an authenticated user");
  return caller.accountId;
}

/** The caller's scheduled statuses, newest id first, paginated by id. */
export async function listScheduledStatuses(deps: SchedulingDeps, caller: Caller, input: PageInput | undefined): Promise<RecordListPage<ScheduledStatus>> {
  const page = parsePage(input, { default: LIST_LIMIT });
  const items = await readPage(deps.db, owner(caller), page);
  return { items, ...pageCursors(items.map((s) => s.id), page.limit) };
}

/** One of the caller's scheduled statuses; NOT_FOUND for anyone else's, as Mastodon scopes the lookup to the account. */
export async function getScheduledStatus(deps: SchedulingDeps, caller: Caller, id: string): Promise<ScheduledStatus> {
  const found = isStatusId(id) ? await findScheduledStatus(deps.db, owner(caller), id) : undefined;
  if (!found) throw notFound();
  return found;
}

/**
 * Moves one of the caller's scheduled statuses. Unlike a new post, a time too close is refused
 * with Mastodon's validation message, and the daily limit of the new day applies.
 */
export async function rescheduleStatus(deps: SchedulingDeps, caller: Caller, id: string, scheduledAt: Date): Promise<ScheduledStatus> {
  const accountId = owner(caller);
  const current = await getScheduledStatus(deps, caller, id);
  if (!isFarEnoughAhead(scheduledAt, deps.now(), deps.minScheduleLeadMs)) throw invalidArgument(SCHEDULE_ERRORS.tooSoon);
  await deps.db.transaction(async (trx) => {
    await lockAccountSchedule(deps.db, trx, accountId);
    const counts = await countScheduledStatuses(deps.db, trx, accountId, utcDayOf(scheduledAt), id);
    // Only the day can be over its limit: the status is already counted in the total.
    const refused = scheduleLimitError({ total: 0, sameDay: counts.sameDay });
    if (refused) throw invalidArgument(refused);
    if (!(await setScheduledAt(deps.db, trx, id, scheduledAt))) throw notFound();
  });
  // Outside the transaction: a remote call must not hold it. A later time keeps the uploads longer.
  await deps.media.reserve(accountId, current.params.mediaIds, reservationEnd(scheduledAt), caller);
  return { ...current, scheduledAt };
}

/** Cancels one of the caller's scheduled statuses; its uploads were never attached, so they stay free. */
export async function cancelScheduledStatus(deps: SchedulingDeps, caller: Caller, id: string): Promise<void> {
  await getScheduledStatus(deps, caller, id);
  if (!(await deleteScheduledStatus(deps.db, id))) throw notFound();
}
