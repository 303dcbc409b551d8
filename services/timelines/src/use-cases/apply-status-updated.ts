import type { Transaction } from "@starling/db";
import { streamChannels } from "@starling/events";
import { publicChannelsOf, type Broadcastable } from "../domain/public-streams.ts";
import { liveRouting } from "../data/statuses-index-queries.ts";
import { replaceEditedTags } from "../data/status-tags-queries.ts";
import type { FeedDeps } from "./feed-deps.ts";
import { streamEditToLists } from "./fan-out-to-lists.ts";
import { forEachHomeReceiverBatch } from "./home-receivers.ts";

/** An edit as status.updated describes it. */
export type UpdatedStatus = Pick<Broadcastable, "visibility" | "local" | "tags" | "hasMedia"> & { id: string; mentionedAccountIds: string[]; editedAt: Date };

/**
 * status.updated: streams `status.update` to the home and list feeds the status belongs in and to the
 * public streams it is broadcast on, as Mastodon's fan-out with its update flag, and gives the status
 * the edit's hashtags (hashtag timelines, history) and media flag. Feeds keep their entries; an edit
 * of a status unknown here (or deleted) streams nothing.
 */
export async function applyStatusUpdated(deps: FeedDeps, trx: Transaction, edit: UpdatedStatus): Promise<void> {
  const routing = await liveRouting(deps.db, trx, edit.id);
  if (!routing || routing.reblogOfId) return;
  await replaceEditedTags(deps.db, trx, { id: edit.id, tags: edit.tags, hasMedia: edit.hasMedia, editedAt: edit.editedAt });
  const status = { ...routing, ...edit, accountId: routing.accountId };
  deps.stream?.add(publicChannelsOf(status), { event: "status.update", statusId: status.id });
  await forEachHomeReceiverBatch(deps, trx, status, async (accountIds) => {
    deps.stream?.add(accountIds.map(streamChannels.home), { event: "status.update", statusId: status.id });
  });
  await streamEditToLists(deps, trx, status);
}
