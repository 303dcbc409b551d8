/**
 * Which statuses belong in a list feed: Mastodon's FeedManager#filter? for lists, that is the
 * list's replies policy and then everything that keeps a status out of the owner's home (the home
 * reply rule, blocks and mutes).
 */
import type { Transaction } from "@starling/db";
import { replyReachesList, type List } from "../domain/list.ts";
import type { StatusRouting } from "../domain/home-delivery.ts";
import { listMembers } from "../data/lists-queries.ts";
import type { FeedDeps } from "./feed-deps.ts";
import { statusesFor } from "./reply-filter.ts";

/** The statuses among `statuses` that belong in `list`'s feed. */
export async function statusesForList(deps: FeedDeps, list: List, statuses: StatusRouting[], trx?: Transaction): Promise<StatusRouting[]> {
  const members = new Set(await listMembers(deps.db, list.id, undefined, trx));
  const byPolicy = statuses.filter((s) => replyReachesList(s, list, members.has(s.inReplyToAccountId ?? "")));
  return statusesFor(deps, list.accountId, byPolicy, trx);
}
