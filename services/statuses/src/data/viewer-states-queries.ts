import type { Database } from "@starling/db";
import { cachedViewerMarks } from "./status-page-cache.ts";

/** What a viewer did with a status, as one row of {@link viewerMarks}. */
export type ViewerMark = "favourited" | "bookmarked" | "pinned" | "reblogged" | "muted";

// Mastodon walks at most this many ancestors of a status (as threadRoots does).
const MAX_DEPTH = 4096;

/**
 * Every mark `accountId` has on `statusIds` — favourites, bookmarks, pins, live reblogs, and mutes
 * of the conversations they belong to (a mute is stored on the thread's root, reached by walking
 * in_reply_to_id up) — in ONE query for the marks the status-page cache lacks, as (status id,
 * mark) pairs. `scope` is the call, when it read the marks version ahead.
 */
export async function viewerMarks(db: Database, accountId: string, statusIds: readonly string[], scope?: object): Promise<{ id: string; mark: ViewerMark }[]> {
  if (statusIds.length === 0) return [];
  return cachedViewerMarks(db, accountId, statusIds, async (missing) => (await queryViewerMarks(db, [accountId], missing)).map(({ id, mark }) => ({ id, mark })), scope);
}

/**
 * Every mark of each of `accountIds` on `statusIds`, in ONE query for all of them (the streaming
 * fan-out's many viewers of one batch), as (account id, status id, mark) triples; the per-viewer
 * status-page cache is not consulted.
 */
export async function viewerMarksOfMany(db: Database, accountIds: readonly string[], statusIds: readonly string[]): Promise<{ accountId: string; id: string; mark: ViewerMark }[]> {
  if (statusIds.length === 0 || accountIds.length === 0) return [];
  return queryViewerMarks(db, accountIds, statusIds);
}

async function queryViewerMarks(db: Database, accountIds: readonly string[], statusIds: readonly string[]): Promise<{ accountId: string; id: string; mark: ViewerMark }[]> {
  const list = statusIds.map(() => "?").join(", ");
  const accounts = `{${accountIds.join(",")}}`;
  const { rows } = (await db.knex.raw(
    `with recursive chain(start_id, node_id, parent_id, depth) as (
       select id, id, in_reply_to_id, 0 from ??.statuses where id in (${list})
       union all
       select c.start_id, s.id, s.in_reply_to_id, c.depth + 1 from chain c join ??.statuses s on s.id = c.parent_id where c.depth < ?
     )
     select account_id, status_id as id, 'favourited' as mark from ??.favourites where account_id = any(?::bigint[]) and status_id in (${list})
     union all select account_id, status_id, 'bookmarked' from ??.bookmarks where account_id = any(?::bigint[]) and status_id in (${list})
     union all select account_id, status_id, 'pinned' from ??.status_pins where account_id = any(?::bigint[]) and status_id in (${list})
     union all select account_id, reblog_of_id, 'reblogged' from ??.statuses where account_id = any(?::bigint[]) and deleted_at is null and reblog_of_id in (${list})
     union all select distinct m.account_id, c.start_id, 'muted' from chain c join ??.conversation_mutes m on m.root_status_id = c.node_id and m.account_id = any(?::bigint[])`,
    [
      db.schema, ...statusIds, db.schema, MAX_DEPTH,
      db.schema, accounts, ...statusIds,
      db.schema, accounts, ...statusIds,
      db.schema, accounts, ...statusIds,
      db.schema, accounts, ...statusIds,
      db.schema, accounts,
    ],
  )) as { rows: { account_id: string; id: string; mark: ViewerMark }[] };
  return rows.map((r) => ({ accountId: String(r.account_id), id: String(r.id), mark: r.mark }));
}
