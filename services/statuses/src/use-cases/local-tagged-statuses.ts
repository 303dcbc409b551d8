import { isHashtagName, normalizeHashtag } from "@starling/text";
import { parsePage, type PageInput } from "@starling/paging";
import { countTaggedStatuses, localPublicTaggedIds } from "../data/tagged-statuses-queries.ts";
import type { StatusesDeps } from "./dependencies.ts";

/**
 * A hashtag's ActivityPub collection as Mastodon serves it at /tags/:tag: local public statuses
 * carrying it, newest first, and how many live statuses carry it anywhere. A name that cannot be a
 * hashtag lists nothing.
 */
export async function listLocalTaggedStatuses(deps: Pick<StatusesDeps, "db">, tag: string, page: PageInput | undefined): Promise<{ statusIds: string[]; total: number }> {
  const name = normalizeHashtag(tag.replace(/^#/, ""));
  if (!name || !isHashtagName(name)) return { statusIds: [], total: 0 };
  const [statusIds, total] = await Promise.all([localPublicTaggedIds(deps.db, name, parsePage(page, { default: 20 })), countTaggedStatuses(deps.db, name)]);
  return { statusIds, total };
}
