import { pageCursors, parsePage, type PageInput } from "@starling/paging";
import type { Status } from "../domain/status.ts";
import { recordsOfAccount, recordsOnStatus } from "../data/interaction-records-queries.ts";
import { publicReblogsOf } from "../data/reblogs-queries.ts";
import type { Caller, StatusesDeps } from "./dependencies.ts";
import { findVisibleStatuses } from "./find-visible-status.ts";
import { actingAccount, visibleStatus } from "./interaction-target.ts";

/** A page listed by record ids: the items and the Link cursors (record ids, "" for none). */
export interface RecordListPage<T> {
  items: T[];
  /** max_id of the next (older) page; absent when this page is not full. */
  next?: string;
  /** min_id of the previous (newer) page; absent when this page is empty. */
  prev?: string;
}

// Mastodon's defaults: 20 statuses (40 at most) for favourites and bookmarks, 40 accounts (80).
const STATUS_LIST_LIMIT = 20;
const ACCOUNT_LIST_LIMIT = 40;

/**
 * The caller's favourites or bookmarks, newest record first, paginated by record id. Statuses the
 * caller can no longer see drop out, while the cursors still come from the records, so paging
 * goes on past them.
 */
export async function listMarkedStatuses(deps: StatusesDeps, caller: Caller, table: "favourites" | "bookmarks", input: PageInput | undefined): Promise<RecordListPage<Status>> {
  const accountId = actingAccount(caller);
  const page = parsePage(input, { default: STATUS_LIST_LIMIT });
  const records = await recordsOfAccount(deps.db, table, accountId, page);
  const items = await findVisibleStatuses(deps, caller, records.map((r) => r.statusId));
  return { items, ...pageCursors(records.map((r) => r.id), page.limit) };
}

/** Accounts that favourited a status the caller may see, newest favourite first. */
export async function listFavouritedBy(deps: StatusesDeps, caller: Caller, statusId: string, input: PageInput | undefined): Promise<RecordListPage<string>> {
  const status = await visibleStatus(deps, caller, statusId);
  const page = parsePage(input, { default: ACCOUNT_LIST_LIMIT });
  const records = await recordsOnStatus(deps.db, "favourites", status.id, page);
  return { items: records.map((r) => r.accountId), ...pageCursors(records.map((r) => r.id), page.limit) };
}

/** Accounts that reblogged a status the caller may see, publicly (public or unlisted), newest first. */
export async function listRebloggedBy(deps: StatusesDeps, caller: Caller, statusId: string, input: PageInput | undefined): Promise<RecordListPage<string>> {
  const status = await visibleStatus(deps, caller, statusId);
  const page = parsePage(input, { default: ACCOUNT_LIST_LIMIT });
  const reblogs = await publicReblogsOf(deps.db, status.id, page);
  return { items: reblogs.map((r) => r.accountId), ...pageCursors(reblogs.map((r) => r.id), page.limit) };
}
