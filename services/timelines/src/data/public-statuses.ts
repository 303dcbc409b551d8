/** One page of the public timeline from `statuses_index`. */
import type { Database } from "@starling/db";
import type { Page } from "../domain/page.ts";

/** Which statuses the public timeline shows, by origin. */
export type Origin = "all" | "local" | "remote";

/**
 * Ids of live public statuses of `origin`, without replies to others (self-replies stay, as in
 * Mastodon's `Status.without_replies`) and without those of `excludedAuthors`, paginated by
 * `page`, newest first.
 */
export async function publicStatusIds(db: Database, origin: Origin, page: Page, excludedAuthors: readonly string[] = []): Promise<string[]> {
  if (page.limit === 0) return [];
  const query = db
    .table("statuses_index")
    .where({ visibility: "public", deleted: false })
    // Mastodon's public timelines leave reblogs out.
    .whereNull("reblog_of_id")
    .where((replies) => replies.whereNull("in_reply_to_id").orWhereRaw("in_reply_to_account_id = account_id"))
    .limit(page.limit)
    .select("id");
  if (origin !== "all") query.where("local", origin === "local");
  if (excludedAuthors.length > 0) query.whereNotIn("account_id", excludedAuthors);
  if (page.maxId !== undefined) query.where("id", "<", page.maxId.toString());
  const lower = page.minId ?? page.sinceId;
  if (lower !== undefined) query.where("id", ">", lower.toString());
  query.orderBy("id", page.minId === undefined ? "desc" : "asc");
  const rows: { id: string }[] = await query;
  const ids = rows.map((r) => String(r.id));
  return page.minId === undefined ? ids : ids.reverse();
}
