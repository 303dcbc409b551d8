import type { Knex } from "knex";
import type { Page } from "./page.ts";

/**
 * Applies `page` to a query over `column` (a bigint id) and reads it newest first; with min_id
 * the query reads upwards and the rows are reversed, so paging back leaves no gap. A limit of 0
 * reads nothing.
 */
export async function readPage<Row>(query: Knex.QueryBuilder, column: string, page: Page): Promise<Row[]> {
  if (page.limit === 0) return [];
  if (page.maxId !== undefined) query.where(column, "<", page.maxId);
  const lower = page.minId ?? page.sinceId;
  if (lower !== undefined) query.where(column, ">", lower);
  const ascending = page.minId !== undefined;
  const rows: Row[] = await query.orderBy(column, ascending ? "asc" : "desc").limit(page.limit);
  return ascending ? rows.reverse() : rows;
}
