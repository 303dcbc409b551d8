import type { Database } from "@starling/db";
import { readPage, type Page } from "@starling/paging";

/** One page of the ids of live local public statuses (not reblogs) carrying the hashtag `name`, newest first. */
export async function localPublicTaggedIds(db: Database, name: string, page: Page): Promise<string[]> {
  const query = db
    .table("statuses as s")
    .join("status_tags as st", "st.status_id", "s.id")
    .join("tags as t", "t.id", "st.tag_id")
    .where({ "t.name": name, "s.local": true, "s.visibility": "public" })
    .whereNull("s.deleted_at")
    .whereNull("s.reblog_of_id")
    .select("s.id");
  return (await readPage<{ id: string }>(query, "s.id", page)).map((row) => String(row.id));
}

/** How many live statuses, local or remote, carry the hashtag `name`. */
export async function countTaggedStatuses(db: Database, name: string): Promise<number> {
  const [row] = await db
    .table("status_tags as st")
    .join("tags as t", "t.id", "st.tag_id")
    .join("statuses as s", "s.id", "st.status_id")
    .where("t.name", name)
    .whereNull("s.deleted_at")
    .count({ n: "*" });
  return Number(row?.n ?? 0);
}
