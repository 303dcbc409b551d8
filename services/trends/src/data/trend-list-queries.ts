/**
 * Reading the last refresh's scores with the reviews that gate them. Each row carries the review
 * decisions that apply to it, most specific first (the item, then its author or publisher).
 */
import type { Database } from "@starling/db";
import { WINDOW_DAYS, type TrendKind } from "../domain/trend-rules.ts";

/** One scored item with the review decisions that apply to it. */
export interface ScoredRow {
  itemId: string;
  score: number;
  /** The item's own review, then its author's or publisher's: true, false or null (not reviewed). */
  decisions: (boolean | null)[];
  /** tag: its name; status: its author; link: its URL. */
  label: string;
  /** link: its publisher; "" otherwise. */
  publisher: string;
}

/** What to list: the kind, language ("" all), and whether to keep only trendable items. */
export interface ScoreQuery {
  kind: TrendKind;
  language: string;
  /** Keep only items the reviews (or the default) allow. */
  trendableOnly: boolean;
  trendableByDefault: boolean;
  limit: number;
  offset: number;
}

/** The item's own review and, for posts and links, the review of whoever stands behind it. */
function withReviews(db: Database, query: ScoreQuery): ReturnType<Database["table"]> {
  const q = db.table("trend_scores as sc").where({ "sc.kind": query.kind, "sc.language": query.language });
  q.leftJoin("trend_reviews as r", (on) => on.on("r.item_id", "sc.item_id").andOnVal("r.kind", query.kind));
  if (query.kind === "tag") {
    q.join("trend_tags as t", "t.id", db.knex.raw("cast(sc.item_id as bigint)")).select({ label: "t.name", publisher: db.knex.raw("''"), owner: db.knex.raw("null") });
  } else if (query.kind === "status") {
    q.join("trend_statuses as st", "st.status_id", db.knex.raw("cast(sc.item_id as bigint)"));
    q.leftJoin("trend_reviews as o", (on) => on.on("o.item_id", db.knex.raw("cast(st.account_id as text)")).andOnVal("o.kind", "account"));
    q.select({ label: db.knex.raw("cast(st.account_id as text)"), publisher: db.knex.raw("''"), owner: "o.trendable" });
  } else {
    const card = db.table("trend_link_shares as ls").whereRaw("ls.card_id = cast(sc.item_id as bigint)").select("ls.url", "ls.publisher").limit(1);
    q.joinRaw(`cross join lateral (${card.toString()}) as l`);
    q.leftJoin("trend_reviews as o", (on) => on.on("o.item_id", "l.publisher").andOnVal("o.kind", "publisher"));
    q.select({ label: "l.url", publisher: "l.publisher", owner: "o.trendable" });
  }
  if (query.trendableOnly) q.whereRaw(query.kind === "tag" ? "coalesce(r.trendable, ?)" : "coalesce(r.trendable, o.trendable, ?)", [query.trendableByDefault]);
  return q;
}

/** A page of scored items, best first. */
export async function listScores(db: Database, query: ScoreQuery): Promise<ScoredRow[]> {
  const q = withReviews(db, query);
  const rows: { item_id: string; score: number; trendable: boolean | null; owner: boolean | null; label: string; publisher: string }[] = await q
    .select("sc.item_id", "sc.score", "r.trendable")
    .orderBy([{ column: "sc.score", order: "desc" }, { column: "sc.item_id", order: "asc" }])
    .limit(query.limit)
    .offset(query.offset);
  return rows.map((row) => ({ itemId: row.item_id, score: Number(row.score), decisions: [row.trendable, row.owner], label: row.label, publisher: row.publisher }));
}

/** Whether any item of the kind is scored in the language (else the request falls back to all languages). */
export async function hasScores(db: Database, kind: TrendKind, language: string): Promise<boolean> {
  return !!(await db.table("trend_scores").where({ kind, language }).first("item_id"));
}

/** Seven days of use, today first: uses and distinct accounts per UTC day. */
export interface DayCount {
  day: number;
  uses: number;
  accounts: number;
}

/** The history of tags (by name) or links (by card id), keyed by that name or id. */
export async function listHistory(db: Database, kind: "tag" | "link", keys: string[], now: Date): Promise<Map<string, DayCount[]>> {
  const since = new Date(now.getTime() - WINDOW_DAYS * 86_400_000);
  const q =
    kind === "tag"
      ? db.table("trend_tag_uses as u").whereIn("u.tag", keys).where("u.used_at", ">", since).select({ key: "u.tag" }).select(db.knex.raw("cast(extract(epoch from date_trunc('day', u.used_at at time zone 'UTC')) as bigint) as day")).groupBy("u.tag", "day")
      : db
          .table("trend_link_shares as u")
          .join("trend_statuses as st", "st.status_id", "u.status_id")
          .whereIn("u.card_id", keys)
          .whereNull("st.deleted_at")
          .where("st.created_at", ">", since)
          .select({ key: db.knex.raw("cast(u.card_id as text)") })
          .select(db.knex.raw("cast(extract(epoch from date_trunc('day', st.created_at at time zone 'UTC')) as bigint) as day"))
          .groupBy("u.card_id", "day");
  const rows: { key: string; day: string; uses: string; accounts: string }[] = await q.count({ uses: "*" }).countDistinct({ accounts: kind === "tag" ? "u.account_id" : "st.account_id" });
  const today = Math.floor(now.getTime() / 86_400_000);
  const history = new Map<string, DayCount[]>();
  for (const key of keys) history.set(key, Array.from({ length: WINDOW_DAYS }, (_, i) => ({ day: (today - i) * 86_400, uses: 0, accounts: 0 })));
  for (const row of rows) {
    const day = Math.floor(Number(row.day) / 86_400);
    const slot = history.get(row.key)?.[today - day];
    if (slot) Object.assign(slot, { uses: Number(row.uses), accounts: Number(row.accounts) });
  }
  return history;
}
