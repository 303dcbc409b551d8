import type { Database, Transaction } from "@starling/db";

/** A hashtag as written in a status: its normalized name and the spelling used. */
export interface TagUse {
  normalized: string;
  name: string;
}

/**
 * Makes `statusId` carry exactly these hashtags: missing tags are created (the first spelling
 * becomes their display name; a concurrent creation of the same tag is absorbed by the unique
 * name), links to tags no longer used are removed. Safe to run again, so an edit can call it too.
 */
export async function replaceStatusTags(db: Database, trx: Transaction, statusId: string, uses: readonly TagUse[], newId: () => string, now: Date): Promise<void> {
  await db.table("status_tags", trx).where({ status_id: statusId }).delete();
  if (uses.length === 0) return;
  await db
    .table("tags", trx)
    .insert(uses.map((use) => ({ id: newId(), name: use.normalized, display_name: use.name, created_at: now })))
    .onConflict("name")
    .ignore();
  const tags: { id: string }[] = await db.table("tags", trx).whereIn("name", uses.map((use) => use.normalized)).select("id");
  await db.table("status_tags", trx).insert(tags.map((tag) => ({ status_id: statusId, tag_id: tag.id })));
}
