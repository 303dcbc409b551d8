import type { Transaction } from "@starling/db";
import { enqueueEvents } from "@starling/events";
import { notFound } from "@starling/runtime";
import type { Poll } from "../domain/poll.ts";
import type { Status } from "../domain/status.ts";
import { countsAsReply } from "../domain/visibility.ts";
import { threadRoots } from "../data/conversation-mutes-queries.ts";
import { insertPoll } from "../data/polls-queries.ts";
import { adjustRepliesCount, insertStatus } from "../data/statuses-queries.ts";
import { replaceStatusTags, type TagUse } from "../data/status-tags-queries.ts";
import type { StatusesDeps } from "./dependencies.ts";
import { statusCreatedEvent } from "./status-events.ts";

/**
 * The writes of every new status, local or remote, inside `trx`: the row, its hashtags, its poll,
 * the parent's reply count (for replies that count, see countsAsReply) and status.created.
 * NOT_FOUND when the parent went away meanwhile.
 */
export async function storeNewStatus(deps: Pick<StatusesDeps, "db" | "newId" | "now">, trx: Transaction, status: Status, tags: readonly TagUse[], poll: Poll | null): Promise<void> {
  await insertStatus(deps.db, trx, status);
  await replaceStatusTags(deps.db, trx, status.id, tags, deps.newId, deps.now());
  if (poll) await insertPoll(deps.db, trx, poll);
  if (status.inReplyToId && countsAsReply(status.visibility) && !(await adjustRepliesCount(deps.db, trx, status.inReplyToId, 1))) throw notFound();
  // A reply's conversation is its parent's; a status that replies to nothing starts its own.
  const root = status.inReplyToId ? ((await threadRoots(deps.db, [status.inReplyToId], trx)).get(status.inReplyToId) ?? status.inReplyToId) : status.id;
  await enqueueEvents(deps.db, trx, [statusCreatedEvent(status, undefined, root)]);
}
