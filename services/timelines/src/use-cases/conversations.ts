import type { Conversation } from "@starling/proto/timelines/v1/conversations";
import { isId, parsePage, type PageInput } from "@starling/paging";
import { notFound } from "@starling/runtime";
import { conversationsPage, deleteConversation, markConversationRead } from "../data/conversations-queries.ts";
import { conversationMessage, streamConversation } from "./direct-conversations.ts";
import type { FeedDeps } from "./feed-deps.ts";
import { StreamOutbox } from "./stream-outbox.ts";

/** Mastodon's conversations page: 20 by default, 40 at most. */
const CONVERSATION_LIMITS = { default: 20, max: 40 };

/** One page of the account's conversations, newest last status first. */
export async function listConversations(deps: Pick<FeedDeps, "db">, accountId: string, input: PageInput | undefined): Promise<Conversation[]> {
  return (await conversationsPage(deps.db, accountId, parsePage(input, CONVERSATION_LIMITS))).map(conversationMessage);
}

/** Marks the account's conversation read and, as Mastodon does on every change, streams it. */
export async function readConversation(deps: Pick<FeedDeps, "db" | "kv">, accountId: string, id: string): Promise<Conversation> {
  const row = isId(id) ? await markConversationRead(deps.db, accountId, id) : undefined;
  if (!row) throw notFound();
  const stream = new StreamOutbox();
  streamConversation(stream, row);
  await stream.publish(deps.kv);
  return conversationMessage(row);
}

/** Removes the conversation for the account only; the other participants keep theirs. */
export async function removeConversation(deps: Pick<FeedDeps, "db">, accountId: string, id: string): Promise<void> {
  if (!isId(id) || !(await deleteConversation(deps.db, accountId, id))) throw notFound();
}
