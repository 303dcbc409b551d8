/** One page of the public timeline from `statuses_index`. */
import type { Database } from "@starling/db";
import { readPage, type Page } from "@starling/paging";
import { withoutSilencedServers } from "./instance-silences-queries.ts";
import { withoutRestrictedAuthors } from "./account-restrictions-queries.ts";

/** Which statuses the public timeline shows, by origin. */
export type Origin = "all" | "local" | "remote";

/**
 * Ids of live public statuses of `origin`, without those of servers staff silenced or of suspended or silenced authors, without replies to others (self-replies stay, as in
 * Mastodon's `Status.without_replies`) and without those of `excludedAuthors`, paginated by
 * `page`, newest first.
 */
export async function publicStatusIds(db: Database, origin: Origin, page: Page, excludedAuthors: readonly string[] = []): Promise<string[]> {
  const query = db
    .table("statuses_index")
    .where({ visibility: "public", deleted: false })
    // Mastodon's public timelines leave reblogs out.
    .whereNull("reblog_of_id")
    .where((replies) => replies.whereNull("in_reply_to_id").orWhereRaw("in_reply_to_account_id = account_id"))
    .select("id");
  if (origin !== "all") query.where("local", origin === "local");
  if (excludedAuthors.length > 0) query.whereNotIn("account_id", excludedAuthors);
  // Staff silenced (or suspended) these servers: their accounts stay off public timelines.
  if (origin !== "local") withoutSilencedServers(db, query, `${db.schema}.statuses_index.account_id`);
  withoutRestrictedAuthors(db, query, `${db.schema}.statuses_index.account_id`, true);
  return (await readPage<{ id: string }>(query, "id", page)).map((r) => String(r.id));
}
