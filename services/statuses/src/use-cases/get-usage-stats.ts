import { countLocalStatuses } from "../data/statuses-queries.ts";
import type { StatusesDeps } from "./dependencies.ts";

/** What statuses contributes to the instance description and NodeInfo. */
export async function getUsageStats(deps: StatusesDeps): Promise<{ localPosts: number }> {
  return { localPosts: await countLocalStatuses(deps.db) };
}
