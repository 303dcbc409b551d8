/** Each user's read marks and reactions on announcements. */
import type { Database, Transaction } from "@starling/db";
import type { ReactionCount } from "../domain/announcement.ts";

/** Marks the announcement read for the account; a second dismissal changes nothing. */
export async function insertDismissal(db: Database, announcementId: string, accountId: string, now: Date): Promise<void> {
  await db.table("announcement_dismissals").insert({ announcement_id: announcementId, account_id: accountId, created_at: now }).onConflict(["account_id", "announcement_id"]).ignore();
}

/** Of `ids`, those the account dismissed. */
export async function dismissedOf(db: Database, accountId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows: { announcement_id: string }[] = await db.table("announcement_dismissals").where("account_id", accountId).whereIn("announcement_id", ids).select("announcement_id");
  return new Set(rows.map((row) => String(row.announcement_id)));
}

/** Reaction totals of each of `ids` in order of first use, with `me` for `accountId` when given. */
export async function reactionCounts(db: Database, ids: readonly string[], accountId?: string, trx?: Transaction): Promise<Map<string, ReactionCount[]>> {
  const byAnnouncement = new Map<string, ReactionCount[]>();
  if (ids.length === 0) return byAnnouncement;
  const rows: { announcement_id: string; name: string; count: string | number; me: boolean; url: string | null; static_url: string | null }[] = await db
    .table("announcement_reactions", trx)
    .whereIn("announcement_id", ids)
    .groupBy("announcement_id", "name")
    .orderByRaw("announcement_id, min(created_at), name")
    .select("announcement_id", "name", db.knex.raw("count(*) as count"), db.knex.raw("bool_or(account_id = ?) as me", [accountId ?? null]), db.knex.raw("max(url) as url"), db.knex.raw("max(static_url) as static_url"));
  for (const row of rows) {
    const key = String(row.announcement_id);
    const list = byAnnouncement.get(key) ?? [];
    list.push({ name: row.name, count: Number(row.count), me: accountId === undefined ? undefined : row.me === true, url: row.url ?? undefined, staticUrl: row.static_url ?? undefined });
    byAnnouncement.set(key, list);
  }
  return byAnnouncement;
}

/** The names reacted with on the announcement (each once). */
export async function reactionNames(db: Database, trx: Transaction, announcementId: string): Promise<string[]> {
  const rows: { name: string }[] = await db.table("announcement_reactions", trx).where("announcement_id", announcementId).distinct("name");
  return rows.map((row) => row.name);
}

/** Adds the account's reaction; resolves whether it was new. */
export async function insertReaction(db: Database, trx: Transaction, reaction: { announcementId: string; accountId: string; name: string; url?: string | undefined; staticUrl?: string | undefined; createdAt: Date }): Promise<boolean> {
  const inserted = await db
    .table("announcement_reactions", trx)
    .insert({ announcement_id: reaction.announcementId, account_id: reaction.accountId, name: reaction.name, url: reaction.url ?? null, static_url: reaction.staticUrl ?? null, created_at: reaction.createdAt })
    .onConflict(["announcement_id", "name", "account_id"])
    .ignore()
    .returning("name");
  return inserted.length > 0;
}

/** Removes the account's reaction; resolves whether there was one. */
export async function deleteReaction(db: Database, trx: Transaction, announcementId: string, accountId: string, name: string): Promise<boolean> {
  return (await db.table("announcement_reactions", trx).where({ announcement_id: announcementId, account_id: accountId, name }).delete()) > 0;
}
