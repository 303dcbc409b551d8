import type { Database, Transaction } from "@starling/db";

/** Counts a use of each hashtag a new status carries. */
export async function recordTagUses(db: Database, trx: Transaction, names: string[], at: Date): Promise<void> {
  if (names.length === 0) return;
  await db
    .table("search_tags", trx)
    .insert([...new Set(names)].map((name) => ({ name, uses: 1, last_used_at: at })))
    .onConflict("name")
    .merge({ uses: db.knex.raw("??.search_tags.uses + 1", [db.schema]), last_used_at: db.knex.raw("greatest(??.search_tags.last_used_at, excluded.last_used_at)", [db.schema]) });
}

/**
 * Hashtag names starting with `prefix` (normalized), an exact match first, then the most used;
 * `reviewedOnly` keeps the ones staff reviewed for trends (the trend read model's tag reviews).
 */
export async function searchTagNames(db: Database, prefix: string, page: { limit: number; offset: number }, reviewedOnly = false): Promise<string[]> {
  const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
  const found: { name: string }[] = await db
    .table("search_tags")
    .where("name", "like", `${escaped}%`)
    .modify((q) => {
      if (reviewedOnly) q.whereExists(db.table("trend_tags as t").join("trend_reviews as r", (on) => on.on("r.item_id", db.knex.raw("cast(t.id as text)")).andOnVal("r.kind", "tag")).whereRaw("t.name = ??.search_tags.name", [db.schema]));
    })
    .select("name")
    .orderByRaw("(name = ?) desc", [prefix])
    .orderBy("uses", "desc")
    .orderBy("name")
    .limit(page.limit)
    .offset(page.offset);
  return found.map((r) => r.name);
}
