/**
 * Keeps the search read model from status events. The events say who and where but not what the
 * post says, so the status is read from the statuses service as its author sees it.
 */
import type { Transaction } from "@starling/db";
import type { Status } from "@starling/proto/statuses/v1/statuses";
import { signViewer } from "@starling/runtime";
import { htmlToPlainText } from "@starling/text";
import { addInteractions, deleteIndexedStatus, upsertIndexedStatus, type IndexedStatus } from "../data/search-statuses-queries.ts";
import { recordTagUses } from "../data/search-tags-queries.ts";
import type { SearchIndexDeps } from "./search-index-deps.ts";

const LINK = /https?:\/\/\S/;

/** The read model's row of a status, from the statuses service's message. */
export function statusToIndexed(status: Status): IndexedStatus {
  // Remote posts have no source text; their HTML is read as text.
  const body = status.text !== "" ? status.text : htmlToPlainText(status.content);
  return {
    id: status.id,
    accountId: status.accountId,
    visibility: status.visibility,
    language: status.language,
    text: [status.spoilerText, body].filter((part) => part !== "").join("\n"),
    hasMedia: status.mediaIds.length > 0,
    hasPoll: status.pollId !== undefined,
    hasLink: status.cardId !== undefined || LINK.test(body),
    isReply: status.inReplyToId !== undefined,
    sensitive: status.sensitive,
    createdAt: status.createdAt ?? new Date(0),
    editedAt: status.editedAt,
  };
}

/** The status as its author may read it, or undefined when it is gone. */
async function readStatus(deps: SearchIndexDeps, statusId: string, authorId: string): Promise<Status | undefined> {
  const viewerToken = await signViewer(deps.viewerSecret, { accountId: authorId, scopes: ["read:statuses"] });
  const { statuses } = await deps.clients.statuses.getStatuses({ ids: [statusId] }, { viewerToken });
  return statuses.find((s) => s.id === statusId);
}

/** A new status: indexed with its mentions (each mentioned account may find it) and its hashtags counted. */
export async function indexNewStatus(
  deps: SearchIndexDeps,
  trx: Transaction,
  event: { statusId: string; accountId: string; reblogOfId?: string | undefined; mentionedAccountIds: string[]; tags: string[]; createdAt?: Date | undefined },
): Promise<void> {
  // A reblog has no words of its own; the reblog.created event records the interaction.
  if (event.reblogOfId) return;
  const status = await readStatus(deps, event.statusId, event.accountId);
  if (!status) return;
  await upsertIndexedStatus(deps.db, trx, statusToIndexed(status));
  await addInteractions(deps.db, trx, event.mentionedAccountIds.map((accountId) => ({ accountId, statusId: event.statusId, kind: "mention" as const })));
  await recordTagUses(deps.db, trx, event.tags, event.createdAt ?? status.createdAt ?? new Date(0));
}

/** An edit: the stored text, flags and mentions follow the status as it is now. */
export async function reindexEditedStatus(deps: SearchIndexDeps, trx: Transaction, event: { statusId: string; accountId: string; mentionedAccountIds: string[] }): Promise<void> {
  const status = await readStatus(deps, event.statusId, event.accountId);
  if (!status) return;
  await upsertIndexedStatus(deps.db, trx, statusToIndexed(status));
  await addInteractions(deps.db, trx, event.mentionedAccountIds.map((accountId) => ({ accountId, statusId: event.statusId, kind: "mention" as const })));
}

export const unindexStatus = (deps: SearchIndexDeps, trx: Transaction, statusId: string) => deleteIndexedStatus(deps.db, trx, statusId);
