/**
 * Conversation mutes, by the root of the thread (the status reached by following in_reply_to_id
 * up as far as the statuses are known), since statuses keep no separate conversation record.
 */
import type { Database, Transaction } from "@starling/db";
import { viewerMarksChanged } from "./status-page-cache.ts";

// Mastodon walks at most this many ancestors of a status.
const MAX_DEPTH = 4096;

/** The thread root of each of `statusIds` (a status without a known parent is its own root). */
export async function threadRoots(db: Database, statusIds: readonly string[], trx?: Transaction): Promise<Map<string, string>> {
  if (statusIds.length === 0) return new Map();
  const { rows } = (await (trx ?? db.knex).raw(
    `with recursive chain(start_id, node_id, parent_id, depth) as (
       select id, id, in_reply_to_id, 0 from ??.statuses where id in (${statusIds.map(() => "?").join(", ")})
       union all
       select c.start_id, s.id, s.in_reply_to_id, c.depth + 1 from chain c join ??.statuses s on s.id = c.parent_id where c.depth < ?
     )
     select distinct on (start_id) start_id, node_id from chain order by start_id, depth desc`,
    [db.schema, ...statusIds, db.schema, MAX_DEPTH],
  )) as { rows: { start_id: string; node_id: string }[] };
  return new Map(rows.map((r) => [String(r.start_id), String(r.node_id)]));
}

/** Mutes a thread for an account; resolves false, changing nothing, when already muted. */
export async function muteThread(db: Database, trx: Transaction, accountId: string, rootId: string, at: Date): Promise<boolean> {
  const rows: unknown[] = await db.table("conversation_mutes", trx).insert({ account_id: accountId, root_status_id: rootId, created_at: at }).onConflict(["account_id", "root_status_id"]).ignore().returning("account_id");
  await viewerMarksChanged(db, trx, [accountId]);
  return rows.length > 0;
}

/** Unmutes a thread for an account; resolves false, changing nothing, when not muted. */
export async function unmuteThread(db: Database, trx: Transaction, accountId: string, rootId: string): Promise<boolean> {
  const removed = (await db.table("conversation_mutes", trx).where({ account_id: accountId, root_status_id: rootId }).delete()) > 0;
  await viewerMarksChanged(db, trx, [accountId]);
  return removed;
}

