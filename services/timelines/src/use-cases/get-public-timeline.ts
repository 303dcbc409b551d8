import { parsePage, type PageInput } from "../domain/page.ts";
import { publicStatusIds, type Origin } from "../data/public-statuses.ts";
import type { FeedDeps } from "./feed-deps.ts";

/** Which statuses to show: Mastodon's `local` and `remote` flags (both set means all). */
export interface PublicFilter {
  local: boolean;
  remote: boolean;
}

/** One page of the public timeline, newest first. */
export async function getPublicTimeline(deps: Pick<FeedDeps, "db">, filter: PublicFilter, input: PageInput): Promise<string[]> {
  const page = parsePage(input);
  return publicStatusIds(deps.db, originOf(filter), page);
}

function originOf({ local, remote }: PublicFilter): Origin {
  if (local && !remote) return "local";
  if (remote && !local) return "remote";
  return "all";
}
