import type { Database } from "@starling/db";
import type { Status } from "../domain/status.ts";
import { readPage, type Page } from "@starling/paging";
import { statusFromRow, type StatusRow } from "./status-row.ts";

/** Which of an account's statuses a profile listing shows. */
export interface AccountStatusesFilter {
  visibilities: readonly string[];
  excludeReplies: boolean;
  excludeReblogs: boolean;
  onlyMedia: boolean;
  /** A normalized hashtag name the statuses must carry; absent for any. */
  tagged?: string | undefined;
  /** Also statuses of any visibility that mention this account (the viewer), as Mastodon lists them. */
  mentioning?: string | undefined;
}

/** One page of an account's live statuses, newest first, by status id. */
export async function accountStatusesPage(db: Database, accountId: string, filter: AccountStatusesFilter, page: Page): Promise<Status[]> {
  const query = db.table("statuses").where({ account_id: accountId }).whereNull("deleted_at");
  const { mentioning } = filter;
  query.where((q) => {
    q.whereIn("visibility", [...filter.visibilities]);
    if (mentioning) q.orWhereRaw("? = any(mentioned_account_ids)", [mentioning]);
  });
  if (filter.tagged !== undefined) {
    query.whereRaw("id in (select st.status_id from ??.status_tags st join ??.tags t on t.id = st.tag_id where t.name = ?)", [db.schema, db.schema, filter.tagged]);
  }
  if (filter.excludeReplies) query.where((q) => q.whereNull("in_reply_to_id").orWhereRaw("in_reply_to_account_id = account_id"));
  if (filter.excludeReblogs) query.whereNull("reblog_of_id");
  if (filter.onlyMedia) query.whereRaw("cardinality(media_ids) > 0");
  return (await readPage<StatusRow>(query, "id", page)).map(statusFromRow);
}
