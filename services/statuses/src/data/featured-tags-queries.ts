import type { Database, Transaction } from "@starling/db";

/** A featured tag row with the use of its hashtag by the account (public and unlisted statuses only, as Mastodon counts). */
export interface FeaturedTagRow {
  id: string;
  accountId: string;
  name: string;
  statusesCount: number;
  lastStatusAt: Date | undefined;
}

// Mastodon counts a featured tag's statuses among the account's public and unlisted ones.
const COUNTED = ["public", "unlisted"];

/** The account's featured tags with their use, most used first, then most recently featured. */
export async function featuredTagsOf(db: Database, accountId: string): Promise<FeaturedTagRow[]> {
  const use = db
    .table("statuses as s")
    .join("status_tags as st", "st.status_id", "s.id")
    .where("s.account_id", accountId)
    .whereIn("s.visibility", COUNTED)
    .whereNull("s.deleted_at")
    .whereNull("s.reblog_of_id")
    .groupBy("st.tag_id")
    .select("st.tag_id", db.knex.raw("count(*) as n"), db.knex.raw("max(s.created_at) as last"));
  const rows: { id: string; name: string; n: string | null; last: Date | null }[] = await db
    .table("featured_tags as f")
    .leftJoin(use.as("u"), "u.tag_id", "f.tag_id")
    .where("f.account_id", accountId)
    .orderByRaw("coalesce(u.n, 0) desc, f.id desc")
    .select("f.id", "f.name", "u.n", "u.last");
  return rows.map((row) => ({ id: String(row.id), accountId, name: row.name, statusesCount: Number(row.n ?? 0), lastStatusAt: row.last ?? undefined }));
}

/** How many tags the account features, locking its rows in `trx` so concurrent additions past the first wait for each other. */
export async function countFeaturedTags(db: Database, trx: Transaction, accountId: string): Promise<number> {
  const rows = await db.table("featured_tags", trx).where({ account_id: accountId }).forUpdate().select("id");
  return rows.length;
}

/** The tag's id, creating it with this spelling when no status used it yet (as a status would). */
export async function tagIdFor(db: Database, trx: Transaction, normalized: string, name: string, newId: () => string, now: Date): Promise<string> {
  await db.table("tags", trx).insert({ id: newId(), name: normalized, display_name: name, created_at: now }).onConflict("name").ignore();
  const [tag] = await db.table("tags", trx).where({ name: normalized }).select("id");
  return String(tag.id);
}

/** Adds the row; false when the account features this tag already. */
export async function insertFeaturedTag(db: Database, trx: Transaction, row: { id: string; accountId: string; tagId: string; name: string; createdAt: Date }): Promise<boolean> {
  const inserted = await db
    .table("featured_tags", trx)
    .insert({ id: row.id, account_id: row.accountId, tag_id: row.tagId, name: row.name, created_at: row.createdAt })
    .onConflict(["account_id", "tag_id"])
    .ignore()
    .returning("id");
  return inserted.length > 0;
}

/** Removes one of the account's featured tags; false when it has none with this id. */
export async function deleteFeaturedTag(db: Database, accountId: string, id: string): Promise<boolean> {
  return (await db.table("featured_tags").where({ id, account_id: accountId }).delete()) > 0;
}

/** The hashtags the account used most in its live statuses that it does not feature, with their first spelling. */
export async function mostUsedUnfeaturedTags(db: Database, accountId: string, limit: number): Promise<{ name: string; displayName: string }[]> {
  const rows: { name: string; display_name: string }[] = await db
    .table("statuses as s")
    .join("status_tags as st", "st.status_id", "s.id")
    .join("tags as t", "t.id", "st.tag_id")
    .where("s.account_id", accountId)
    .whereNull("s.deleted_at")
    .whereNull("s.reblog_of_id")
    .whereNotIn("st.tag_id", db.table("featured_tags").where({ account_id: accountId }).select("tag_id"))
    .groupBy("t.id", "t.name", "t.display_name")
    .orderByRaw("count(*) desc, max(s.id) desc")
    .limit(limit)
    .select("t.name", "t.display_name");
  return rows.map((row) => ({ name: row.name, displayName: row.display_name }));
}
