import { parseOffsetPage } from "@starling/paging";
import { invalidArgument } from "@starling/runtime";
import { listDirectoryIds } from "../data/search-accounts-queries.ts";
import type { SearchIndexDeps } from "./search-index-deps.ts";

/** Mastodon's default and largest directory page. */
const LIMITS = { default: 40, max: 80 };

/** The profile directory (Mastodon's GET /api/v1/directory): discoverable, unpunished accounts. */
export async function listDirectory(deps: SearchIndexDeps, input: { order?: string | undefined; local: boolean; limit?: number | undefined; offset: number }): Promise<string[]> {
  const order = input.order ?? "active";
  if (order !== "active" && order !== "new") throw invalidArgument("order must be active or new");
  return listDirectoryIds(deps.db, { order, local: input.local, ...parseOffsetPage(input, LIMITS) });
}
