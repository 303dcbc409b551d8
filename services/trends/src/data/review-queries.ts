import type { Database } from "@starling/db";
import type { ReviewKind } from "../domain/trend-rules.ts";

/** Records a staff decision (the latest wins). */
export async function saveReview(db: Database, kind: ReviewKind, itemId: string, trendable: boolean, at: Date): Promise<void> {
  await db.table("trend_reviews").insert({ kind, item_id: itemId, trendable, reviewed_at: at }).onConflict(["kind", "item_id"]).merge();
}

/** Whether the read models know the item a review names (authors and publishers are taken as given). */
export async function reviewTargetExists(db: Database, kind: ReviewKind, itemId: string): Promise<boolean> {
  if (kind === "account" || kind === "publisher") return true;
  if (!/^\d{1,19}$/.test(itemId)) return false;
  const [table, column] = kind === "tag" ? ["trend_tags", "id"] : kind === "status" ? ["trend_statuses", "status_id"] : ["trend_link_shares", "card_id"];
  return !!(await db.table(table!).where(column!, itemId).first(column!));
}

/** The publishers of scored links (all languages) with their review, by domain. */
export async function listPublishers(db: Database): Promise<{ domain: string; trendable: boolean | null }[]> {
  const rows: { domain: string; trendable: boolean | null }[] = await db
    .table("trend_scores as sc")
    .join("trend_link_shares as ls", "ls.card_id", db.knex.raw("cast(sc.item_id as bigint)"))
    .leftJoin("trend_reviews as r", (on) => on.on("r.item_id", "ls.publisher").andOnVal("r.kind", "publisher"))
    .where({ "sc.kind": "link", "sc.language": "" })
    .distinct({ domain: "ls.publisher", trendable: "r.trendable" })
    .orderBy("ls.publisher");
  return rows;
}

/** Whether staff were last told of pending reviews at least `intervalMs` ago (or never); with `trx`, claims the notice too. */
export async function claimReviewNotice(db: Database, trx: import("@starling/db").Transaction | undefined, now: Date, intervalMs: number): Promise<boolean> {
  const due = (q: ReturnType<Database["table"]>) => q.where({ id: 1 }).andWhere((w) => w.whereNull("review_notice_at").orWhere("review_notice_at", "<=", new Date(now.getTime() - intervalMs)));
  if (!trx) return !!(await due(db.table("trend_refresh")).first("id"));
  return (await due(db.table("trend_refresh", trx)).update({ review_notice_at: now }).returning("id")).length > 0;
}

/** Claims the scheduled refresh when the last one is older than `intervalMs` (or, with 0, always), in `trx`: replicas wait on the row. */
export async function claimRefresh(db: Database, trx: import("@starling/db").Transaction, now: Date, intervalMs: number): Promise<boolean> {
  const due = new Date(now.getTime() - intervalMs);
  const claimed = await db
    .table("trend_refresh", trx)
    .where({ id: 1 })
    .andWhere((q) => q.whereNull("refreshed_at").orWhere("refreshed_at", "<=", due))
    .update({ refreshed_at: now })
    .returning("id");
  return claimed.length > 0;
}
