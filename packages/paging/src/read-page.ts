import type { Knex } from "knex";
import type { Page } from "./page.ts";

/** A page's rules for the query reading it: bounds on the id column, the order, and the order back. */
export interface PageOrder {
  /** Each bound as an operator and an id: the column below max_id, above min_id or since_id. */
  bounds: ["<" | ">", string][];
  /** min_id reads upwards, the matches immediately above it; everything else newest first. */
  ascending: boolean;
  /** The rows read, newest first (those read upwards reversed), so paging back leaves no gap. */
  newestFirst<Row>(rows: Row[]): Row[];
}

/** The rules {@link readPage} applies, for a query written as SQL (each bound `column op ?`). */
export function pageOrder(page: Page): PageOrder {
  const bounds: PageOrder["bounds"] = [];
  if (page.maxId !== undefined) bounds.push(["<", page.maxId]);
  const lower = page.minId ?? page.sinceId;
  if (lower !== undefined) bounds.push([">", lower]);
  const ascending = page.minId !== undefined;
  return { bounds, ascending, newestFirst: (rows) => (ascending ? rows.reverse() : rows) };
}

/**
 * Applies `page` to a query over `column` (a bigint id) and reads it newest first; with min_id
 * the query reads upwards and the rows are reversed, so paging back leaves no gap. A limit of 0
 * reads nothing.
 */
export async function readPage<Row>(query: Knex.QueryBuilder, column: string, page: Page): Promise<Row[]> {
  if (page.limit === 0) return [];
  const order = pageOrder(page);
  for (const [operator, id] of order.bounds) query.where(column, operator, id);
  const rows: Row[] = await query.orderBy(column, order.ascending ? "asc" : "desc").limit(page.limit);
  return order.newestFirst(rows);
}
