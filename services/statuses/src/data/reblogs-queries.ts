/** Reblogs: rows of `statuses` with reblog_of_id set, and the counters they move. */
import type { Database, Transaction } from "@starling/db";
import type { Status } from "../domain/status.ts";
import { readPage, type Page } from "@starling/paging";
import { statusRowsChanged, viewerMarksChanged } from "./status-page-cache.ts";
import { rowFromStatus, statusFromRow, type StatusRow } from "./status-row.ts";

/**
 * Stores a reblog unless the account already has a live reblog of the same status (the partial
 * unique index decides, also between concurrent requests); resolves whether it was stored.
 */
export async function insertReblog(db: Database, trx: Transaction, reblog: Status): Promise<boolean> {
  const rows: unknown[] = await db.table("statuses", trx).insert(rowFromStatus(reblog)).onConflict().ignore().returning("id");
  await viewerMarksChanged(db, trx, [reblog.accountId]);
  return rows.length === 1;
}

/** The account's live reblog of `statusId`, if any. */
export async function findLiveReblog(db: Database, accountId: string, statusId: string, trx?: Transaction): Promise<Status | undefined> {
  const row: StatusRow | undefined = await db.table("statuses", trx).where({ account_id: accountId, reblog_of_id: statusId }).whereNull("deleted_at").first();
  return row ? statusFromRow(row) : undefined;
}

/** Every live reblog of `statusId`. */
export async function liveReblogsOf(db: Database, trx: Transaction, statusId: string): Promise<Status[]> {
  const rows: StatusRow[] = await db.table("statuses", trx).where({ reblog_of_id: statusId }).whereNull("deleted_at");
  return rows.map(statusFromRow);
}

/** One page of the public and unlisted live reblogs of `statusId` (Mastodon lists only those), newest first. */
export async function publicReblogsOf(db: Database, statusId: string, page: Page): Promise<{ id: string; accountId: string }[]> {
  const query = db.table("statuses").where({ reblog_of_id: statusId }).whereIn("visibility", ["public", "unlisted"]).whereNull("deleted_at").select("id", "account_id");
  const rows = await readPage<{ id: string; account_id: string }>(query, "id", page);
  return rows.map((r) => ({ id: String(r.id), accountId: String(r.account_id) }));
}

/**
 * Adds `delta` to a live status's reblogs_count or favourites_count, never below zero, in SQL so
 * concurrent interactions do not lose counts; false when the status is gone.
 */
export async function adjustInteractionCount(db: Database, trx: Transaction, id: string, column: "reblogs_count" | "favourites_count", delta: 1 | -1): Promise<boolean> {
  const changed = await db
    .table("statuses", trx)
    .where({ id })
    .whereNull("deleted_at")
    .update({ [column]: db.knex.raw("greatest(?? + ?, 0)", [column, delta]) });
  await statusRowsChanged(db, trx, [id]);
  return changed === 1;
}
