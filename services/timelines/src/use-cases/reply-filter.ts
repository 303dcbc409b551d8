/** The reply rule of home feeds, fed with the follows it needs from the read model, then blocks and mutes. */
import type { Transaction } from "@starling/db";
import { isReply, replyReachesReceiver, type StatusRouting } from "../domain/home-delivery.ts";
import { followedBy, whoFollows } from "../data/follows-queries.ts";
import type { FeedDeps } from "./feed-deps.ts";
import { withoutHidden, withoutHiders } from "./hide-filter.ts";

/** The receivers among `receiverIds` whose home feeds `status` belongs in. */
export async function receiversOf(deps: FeedDeps, trx: Transaction, status: StatusRouting, receiverIds: string[]): Promise<string[]> {
  const repliedTo = status.inReplyToAccountId;
  const followers = isReply(status) && repliedTo ? await whoFollows(deps.db, trx, receiverIds, repliedTo) : new Set<string>();
  return withoutHiders(deps, trx, status, receiverIds.filter((id) => replyReachesReceiver(status, id, followers.has(id))));
}

/** The statuses among `statuses` that belong in `receiverId`'s home feed. */
export async function statusesFor(deps: FeedDeps, receiverId: string, statuses: StatusRouting[], trx?: Transaction): Promise<StatusRouting[]> {
  const repliedTo = [...new Set(statuses.filter(isReply).flatMap((s) => (s.inReplyToAccountId ? [s.inReplyToAccountId] : [])))];
  const followed = repliedTo.length > 0 ? await followedBy(deps.db, receiverId, trx, repliedTo) : new Set<string>();
  return withoutHidden(deps, receiverId, statuses.filter((s) => replyReachesReceiver(s, receiverId, followed.has(s.inReplyToAccountId ?? ""))), trx);
}
