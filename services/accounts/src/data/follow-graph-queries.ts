import type { Database, Transaction } from "@starling/db";
import type { FollowTable } from "./follows-queries.ts";
import { readPage, type Page } from "@starling/paging";

/** An account on a list, with the id of the record that put it there (the page cursor). */
export interface ListedAccount {
  recordId: string;
  accountId: string;
}

/** Which end of an edge is the listed account: the follower (`account_id`) or the followed. */
export type EdgeSide = "account_id" | "target_account_id";

const other = (side: EdgeSide): EdgeSide => (side === "account_id" ? "target_account_id" : "account_id");

/**
 * One page of `table` edges where `fixed` is `accountId`, listing the account at the other end,
 * newest edge first. Suspended accounts drop out, as Mastodon's `without_suspended`.
 */
export async function pageOfEdges(db: Database, table: FollowTable, fixed: EdgeSide, accountId: string, page: Page): Promise<ListedAccount[]> {
  const listed = other(fixed);
  const query = db
    .table(`${table} as e`)
    .join("accounts as a", "a.id", `e.${listed}`)
    .where(`e.${fixed}`, accountId)
    .whereNull("a.suspended_at")
    .select("e.id as record_id", `e.${listed} as account_id`);
  const rows = await readPage<{ record_id: string; account_id: string }>(query, "e.id", page);
  return rows.map((row) => ({ recordId: String(row.record_id), accountId: String(row.account_id) }));
}

/**
 * A page of the accounts `accountId` endorses. Mastodon pages this list by account id, not by the
 * endorsement's id, so the cursor is the account id; `page` undefined reads them all.
 */
export async function pageOfEndorsements(db: Database, accountId: string, page: Page | undefined): Promise<ListedAccount[]> {
  const query = db
    .table("endorsements as e")
    .join("accounts as a", "a.id", "e.target_account_id")
    .where("e.account_id", accountId)
    .whereNull("a.suspended_at")
    .select("e.target_account_id as account_id");
  const rows: { account_id: string }[] = page ? await readPage(query, "e.target_account_id", page) : await query.orderBy("e.target_account_id", "desc");
  return rows.map((row) => ({ recordId: String(row.account_id), accountId: String(row.account_id) }));
}

/**
 * For each of `targetIds`, the accounts `viewerId` follows that follow it (not suspended), newest
 * follow first, as pairs of target and follower.
 */
export async function familiarFollowers(db: Database, viewerId: string, targetIds: readonly string[]): Promise<{ targetId: string; accountId: string }[]> {
  if (targetIds.length === 0) return [];
  const rows: { target_account_id: string; account_id: string }[] = await db
    .table("follows as theirs")
    .join("follows as mine", "mine.target_account_id", "theirs.account_id")
    .join("accounts as a", "a.id", "theirs.account_id")
    .where("mine.account_id", viewerId)
    .whereIn("theirs.target_account_id", targetIds)
    .whereNull("a.suspended_at")
    .orderBy("theirs.id", "desc")
    .select("theirs.target_account_id", "theirs.account_id");
  return rows.map((row) => ({ targetId: String(row.target_account_id), accountId: String(row.account_id) }));
}

/**
 * Pending requests to `targetId` that may be accepted without asking: not from a silenced account
 * and not from one the target mutes (an expired mute no longer counts). Read inside `trx`.
 */
export async function acceptableRequestsTo(db: Database, trx: Transaction, targetId: string, now: Date): Promise<string[]> {
  const rows: { account_id: string }[] = await db
    .table("follow_requests as r", trx)
    .join("accounts as a", "a.id", "r.account_id")
    .where("r.target_account_id", targetId)
    .whereNull("a.silenced_at")
    .whereNull("a.suspended_at")
    .whereNotExists((muted) =>
      muted
        .from(`${db.schema}.mutes as m`)
        .where("m.account_id", targetId)
        .whereRaw("m.target_account_id = r.account_id")
        .where((live) => live.whereNull("m.expires_at").orWhere("m.expires_at", ">", now)),
    )
    .orderBy("r.id", "asc")
    .select("r.account_id");
  return rows.map((row) => String(row.account_id));
}
