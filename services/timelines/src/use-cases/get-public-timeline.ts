import { parsePage, type PageInput } from "@starling/paging";
import { TIMELINE_PAGE_LIMITS } from "../domain/timeline-page.ts";
import { hiddenFrom } from "../data/blocks-and-mutes-queries.ts";
import { publicStatusIds, type Origin } from "../data/public-statuses-queries.ts";
import type { FeedDeps } from "./feed-deps.ts";

/** Which statuses to show: Mastodon's `local` and `remote` flags (both set means all). */
export interface PublicFilter {
  local: boolean;
  remote: boolean;
}

/**
 * One page of the public timeline, newest first. A signed-in viewer does not see statuses of
 * accounts it blocks or mutes, nor of accounts that block it (Mastodon's PublicFeed).
 */
export async function getPublicTimeline(deps: Pick<FeedDeps, "db">, filter: PublicFilter, input: PageInput | undefined, viewerId?: string): Promise<string[]> {
  const page = parsePage(input, TIMELINE_PAGE_LIMITS);
  const excluded = viewerId ? await hiddenFrom(deps.db, viewerId) : undefined;
  return publicStatusIds(deps.db, originOf(filter), page, excluded ? [...excluded.hidden, ...excluded.blockedBy] : []);
}

/** Which origins `filter` asks for. */
export function originOf({ local, remote }: PublicFilter): Origin {
  if (local && !remote) return "local";
  if (remote && !local) return "remote";
  return "all";
}
