/** The `tag_follows` table: which account follows which normalized hashtag (timelines owns it). */
import type { Database, Transaction } from "@starling/db";
import { readPage, type Page } from "@starling/paging";

/** Follows `tag` for `accountId`, keeping the first follow's id when it already follows it. */
export async function followTag(db: Database, accountId: string, tag: string, id: string): Promise<void> {
  await db.table("tag_follows").insert({ id, account_id: accountId, tag }).onConflict(["account_id", "tag"]).ignore();
}

/** Stops `accountId` following `tag` (nothing when it does not). */
export async function unfollowTag(db: Database, accountId: string, tag: string): Promise<void> {
  await db.table("tag_follows").where({ account_id: accountId, tag }).delete();
}

/** Whether `accountId` follows `tag`. */
export async function followsTag(db: Database, accountId: string, tag: string): Promise<boolean> {
  return (await db.table("tag_follows").where({ account_id: accountId, tag }).first("id")) !== undefined;
}

/** One page of `accountId`'s tag follows, newest first, cut by follow id. */
export async function tagFollowsPage(db: Database, accountId: string, page: Page): Promise<{ id: string; tag: string }[]> {
  const rows = await readPage<{ id: string; tag: string }>(db.table("tag_follows").where({ account_id: accountId }).select("id", "tag"), "id", page);
  return rows.map((r) => ({ id: String(r.id), tag: r.tag }));
}

/** Up to `size` accounts following any of `tags`, with ids above `after`, in id order. */
export async function tagFollowersPage(db: Database, trx: Transaction, tags: readonly string[], after: string | undefined, size: number): Promise<string[]> {
  const query = db.table("tag_follows", trx).whereIn("tag", tags).distinct("account_id").orderBy("account_id").limit(size);
  if (after !== undefined) query.where("account_id", ">", after);
  const rows: { account_id: string }[] = await query;
  return rows.map((r) => String(r.account_id));
}

/** The receivers among `receiverIds` who block the domain of `authorId` (a remote account). */
export async function receiversBlockingDomainOf(db: Database, trx: Transaction, receiverIds: readonly string[], authorId: string): Promise<Set<string>> {
  if (receiverIds.length === 0) return new Set();
  const rows: { account_id: string }[] = await db
    .table("domain_blocks as d", trx)
    .join("remote_accounts as r", "r.domain", "d.domain")
    .where({ "r.account_id": authorId, "d.active": true })
    .whereIn("d.account_id", receiverIds)
    .select("d.account_id");
  return new Set(rows.map((r) => String(r.account_id)));
}
