import type { Database } from "@starling/db";
import type { AccountPageQuery } from "../domain/account-page.ts";

/** A knex query on one of this service's tables. */
type QueryBuilder = ReturnType<Database["table"]>;

/**
 * Reads one page of records by their bigint id `column`: max_id and since_id as exclusive bounds,
 * newest first (Mastodon's paginate_by_max_id, which blocks, mutes and domain blocks use).
 */
export async function pageOf<Row>(query: QueryBuilder, column: string, page: AccountPageQuery): Promise<Row[]> {
  if (page.maxId !== undefined) query.where(column, "<", page.maxId);
  if (page.sinceId !== undefined) query.where(column, ">", page.sinceId);
  return query.orderBy(column, "desc").limit(page.limit);
}
