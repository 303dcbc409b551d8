import type { Transaction } from "@starling/db";
import { streamChannels } from "@starling/events";
import type { Conversation } from "@starling/proto/timelines/v1/conversations";
import { addToConversation, removeFromConversations, type ConversationRow } from "../data/conversations-queries.ts";
import type { IndexedStatus } from "../data/statuses-index-queries.ts";
import type { FeedDeps } from "./feed-deps.ts";
import { recipientsToTell } from "./notify-accounts.ts";
import type { StreamOutbox } from "./stream-outbox.ts";

/** A stored conversation as the contract carries it. */
export const conversationMessage = (row: ConversationRow): Conversation => ({
  id: row.id,
  accountId: row.accountId,
  participantAccountIds: row.participantIds,
  lastStatusId: row.lastStatusId,
  unread: row.unread,
});

/** Queues a `conversation` event on the direct stream of the account whose conversation it is. */
export function streamConversation(stream: StreamOutbox | undefined, row: ConversationRow): void {
  stream?.add([streamChannels.direct(row.accountId)], { event: "conversation", conversation: conversationMessage(row) });
}

const byId = (a: string, b: string) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0);

/**
 * A new direct status (local or federated) joins the conversation of its thread for its local
 * author (read) and for every mentioned account that would be told of the mention (unread):
 * Mastodon's FanOutOnWriteService#deliver_to_conversation! and NotifyService#push_to_conversation!,
 * so a recipient who blocks or mutes the author, or muted the thread, gets nothing. Each account's
 * participants are everyone else in the status; the conversation streams to its direct stream.
 */
export async function addDirectStatus(deps: FeedDeps, trx: Transaction, status: IndexedStatus): Promise<void> {
  if (status.visibility !== "direct" || status.reblogOfId) return;
  const rootStatusId = status.conversationRootId ?? status.id;
  const everyone = [...new Set([status.accountId, ...status.mentionedAccountIds])];
  const recipients = await recipientsToTell(deps, trx, status.mentionedAccountIds, { type: "mention", fromAccountId: status.accountId, conversationRootId: rootStatusId });
  for (const accountId of [...(status.local ? [status.accountId] : []), ...recipients]) {
    const participantIds = everyone.filter((id) => id !== accountId).sort(byId);
    const row = await addToConversation(deps.db, trx, { id: deps.newId(), accountId, rootStatusId, participantIds, statusId: status.id, unread: accountId !== status.accountId });
    streamConversation(deps.stream, row);
  }
}

/** A deleted status leaves its conversations; those that keep statuses stream their new last status. */
export async function removeDeletedStatus(deps: FeedDeps, trx: Transaction, statusId: string): Promise<void> {
  for (const row of await removeFromConversations(deps.db, trx, statusId)) streamConversation(deps.stream, row);
}
