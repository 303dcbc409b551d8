import type { Database } from "@starling/db";
import type { RecordPage } from "../domain/record-page.ts";

/**
 * Applies a record page to a query over `column` (a record id) and reads it newest first; with
 * min_id the query reads upwards and the rows are reversed, so paging back leaves no gap.
 */
export async function readRecordPage<Row>(query: ReturnType<Database["table"]>, column: string, page: RecordPage): Promise<Row[]> {
  if (page.limit === 0) return [];
  if (page.maxId !== undefined) query.where(column, "<", page.maxId);
  const lower = page.minId ?? page.sinceId;
  if (lower !== undefined) query.where(column, ">", lower);
  const ascending = page.minId !== undefined;
  const rows: Row[] = await query.orderBy(column, ascending ? "asc" : "desc").limit(page.limit);
  return ascending ? rows.reverse() : rows;
}
