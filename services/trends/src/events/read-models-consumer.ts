/**
 * Keeps trends' read models from other services' events: statuses and their hashtags, reblogs and
 * favourites (statuses topic), preview cards (media topic), silences, suspensions and remote
 * accounts' servers (accounts topic), and staff's domain blocks (moderation topic). Every event goes
 * through the inbox, so a redelivery changes nothing.
 */
import type { Transaction } from "@starling/db";
import { consumeEvents, TOPICS, type EventBus, type EventEnvelope, type EventHandlers, type Subscription } from "@starling/events";
import { deleteInteraction, deleteStatus, removeDomainBlock, saveAccountDomain, saveAccountState, saveDomainBlock, saveInteraction, saveLinkShare, saveStatus } from "../data/read-model-queries.ts";
import { publisherOf } from "../domain/trend-rules.ts";
import type { TrendsDeps } from "../use-cases/deps.ts";

/** Consumer group, also the consumer name in the inbox table. */
export const READ_MODELS_CONSUMER = "trends.read-models";

const occurredAt = (envelope: EventEnvelope) => envelope.occurredAt ?? new Date(0);

const handlers: EventHandlers<{ deps: TrendsDeps; trx: Transaction }> = {
  "status.created": async (status, envelope, { deps, trx }) => {
    if (status.reblogOfId) return;
    await saveStatus(deps.db, trx, {
      statusId: status.statusId,
      accountId: status.accountId,
      visibility: status.visibility,
      language: status.language ?? "",
      reply: status.inReplyToId !== undefined,
      createdAt: status.createdAt ?? occurredAt(envelope),
      tags: status.tags,
    }, deps.newId);
  },
  "status.deleted": (status, envelope, { deps, trx }) => deleteStatus(deps.db, trx, status, occurredAt(envelope)),
  "reblog.created": (reblog, envelope, { deps, trx }) =>
    saveInteraction(deps.db, trx, { id: reblog.reblogId, kind: "reblog", statusId: reblog.statusId, accountId: reblog.accountId, createdAt: reblog.createdAt ?? occurredAt(envelope) }),
  "reblog.deleted": (reblog, _envelope, { deps, trx }) => deleteInteraction(deps.db, trx, reblog.reblogId),
  "favourite.created": (favourite, envelope, { deps, trx }) =>
    saveInteraction(deps.db, trx, { id: favourite.favouriteId, kind: "favourite", statusId: favourite.statusId, accountId: favourite.accountId, createdAt: favourite.createdAt ?? occurredAt(envelope) }),
  "favourite.deleted": (favourite, _envelope, { deps, trx }) => deleteInteraction(deps.db, trx, favourite.favouriteId),
  "card.created": (card, _envelope, { deps, trx }) => {
    const url = card.cardUrl || card.url;
    return saveLinkShare(deps.db, trx, { statusId: card.statusId, cardId: card.cardId, url, publisher: publisherOf(url), linkType: card.linkType });
  },
  "account.restricted": (account, _envelope, { deps, trx }) => saveAccountState(deps.db, trx, account.accountId, { silenced: account.silenced }),
  "account.suspended": (account, _envelope, { deps, trx }) => saveAccountState(deps.db, trx, account.accountId, { suspended: true }),
  "account.unsuspended": (account, _envelope, { deps, trx }) => saveAccountState(deps.db, trx, account.accountId, { suspended: false }),
  "account.created": async (account, _envelope, { deps, trx }) => void (account.domain && (await saveAccountDomain(deps.db, trx, account.accountId, account.domain))),
  "admin_domain_block.created": (block, _envelope, { deps, trx }) => saveDomainBlock(deps.db, trx, block),
  "admin_domain_block.updated": (block, _envelope, { deps, trx }) => saveDomainBlock(deps.db, trx, block),
  "admin_domain_block.removed": (block, _envelope, { deps, trx }) => removeDomainBlock(deps.db, trx, block.blockId, block.domain),
};

/** Subscribes the read-model consumer; it reads its topics from their beginning on first start. */
export function startReadModelsConsumer(bus: EventBus, deps: TrendsDeps): Promise<Subscription> {
  // Types this consumer ignores leave no inbox row behind.
  return consumeEvents(bus, { topics: [TOPICS.accounts, TOPICS.statuses, TOPICS.media, TOPICS.moderation], group: READ_MODELS_CONSUMER, fromBeginning: true, handlers, context: () => ({ deps }), inbox: { db: deps.db } });
}
