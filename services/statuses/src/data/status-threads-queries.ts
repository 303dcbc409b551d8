import type { Database } from "@starling/db";

/**
 * Ids of the live statuses `id` replies to, nearest first, at most `limit`. The walk stops at a
 * deleted or missing parent, as a thread whose middle is gone is cut there; a cycle cannot loop.
 */
export async function ancestorIds(db: Database, id: string, limit: number): Promise<string[]> {
  const { rows } = await db.knex.raw(
    `with recursive up(id, in_reply_to_id, path) as (
       select s.id, s.in_reply_to_id, array[s.id] from ??.statuses s where s.id = ?
       union all
       select s.id, s.in_reply_to_id, up.path || s.id from up join ??.statuses s on s.id = up.in_reply_to_id
       where s.deleted_at is null and not s.id = any(up.path) and cardinality(up.path) <= ?
     )
     select id from up where id <> ? order by cardinality(path) limit ?`,
    [db.schema, id, db.schema, limit, id, limit],
  );
  return (rows as { id: string | number }[]).map((row) => String(row.id));
}

/**
 * Ids of the live replies below `id`, depth-first with siblings in id order (each reply right
 * after its parent), at most `limit` of them and at most `depth` levels down. Replies under a
 * deleted status are cut off with it.
 */
export async function descendantIds(db: Database, id: string, limit: number, depth: number): Promise<string[]> {
  const { rows } = await db.knex.raw(
    `with recursive down(id, path) as (
       select s.id, array[s.id] from ??.statuses s where s.in_reply_to_id = ? and s.deleted_at is null
       union all
       select s.id, down.path || s.id from down join ??.statuses s on s.in_reply_to_id = down.id
       where s.deleted_at is null and not s.id = any(down.path) and cardinality(down.path) < ?
     )
     select id from down order by path limit ?`,
    [db.schema, id, db.schema, depth, limit],
  );
  return (rows as { id: string | number }[]).map((row) => String(row.id));
}
