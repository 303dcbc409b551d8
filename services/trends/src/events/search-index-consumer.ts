/**
 * The consumer that keeps search, the directory and suggestions' read models: statuses, who
 * interacted with them, hashtag names, and accounts. Every event goes through the inbox, so a
 * redelivery is a no-op; rows are re-read from their owners, so disorder ends in the same state.
 */
import type { Transaction } from "@starling/db";
import { consumeEvents, TOPICS, type EventBus, type EventHandlers, type Subscription } from "@starling/events";
import { deleteKnownAccount } from "../data/search-accounts-queries.ts";
import { removeExclusion, saveExclusion } from "../data/search-exclusions-queries.ts";
import { addInteractions, removeInteraction } from "../data/search-statuses-queries.ts";
import { indexNewStatus, reindexEditedStatus, unindexStatus } from "../use-cases/index-status.ts";
import { refreshKnownAccount } from "../use-cases/refresh-known-account.ts";
import type { SearchIndexDeps } from "../use-cases/search-index-deps.ts";

/** Consumer group, also the consumer name in the inbox table. */
export const SEARCH_INDEX_CONSUMER = "trends.search";

type Extra = { deps: SearchIndexDeps; trx: Transaction };
const refresh = (accountId: string, { deps, trx }: Extra) => refreshKnownAccount(deps, trx, accountId);

const handlers: EventHandlers<Extra> = {
  "status.created": (status, _envelope, { deps, trx }) => indexNewStatus(deps, trx, status),
  "status.updated": (status, _envelope, { deps, trx }) => reindexEditedStatus(deps, trx, status),
  "status.deleted": (status, _envelope, { deps, trx }) => unindexStatus(deps, trx, status.statusId),
  "favourite.created": (fav, _envelope, { deps, trx }) => addInteractions(deps.db, trx, [{ accountId: fav.accountId, statusId: fav.statusId, kind: "favourite" }]),
  "favourite.deleted": (fav, _envelope, { deps, trx }) => removeInteraction(deps.db, trx, { accountId: fav.accountId, statusId: fav.statusId, kind: "favourite" }),
  "reblog.created": (reblog, _envelope, { deps, trx }) => addInteractions(deps.db, trx, [{ accountId: reblog.accountId, statusId: reblog.statusId, kind: "reblog" }]),
  "reblog.deleted": (reblog, _envelope, { deps, trx }) => removeInteraction(deps.db, trx, { accountId: reblog.accountId, statusId: reblog.statusId, kind: "reblog" }),
  "account.created": (account, _envelope, extra) => refresh(account.accountId, extra),
  "account.updated": (account, _envelope, extra) => refresh(account.accountId, extra),
  "account.stats_changed": (account, _envelope, extra) => refresh(account.accountId, extra),
  "account.suspended": (account, _envelope, extra) => refresh(account.accountId, extra),
  "account.unsuspended": (account, _envelope, extra) => refresh(account.accountId, extra),
  "account.restricted": (account, _envelope, extra) => refresh(account.accountId, extra),
  // Follower counts move without an account event; the directory and suggestions rank by them.
  "follow.accepted": (follow, _envelope, extra) => refresh(follow.targetAccountId, extra),
  "follow.removed": (follow, _envelope, extra) => refresh(follow.targetAccountId, extra),
  "account.deleted": (account, _envelope, { deps, trx }) => deleteKnownAccount(deps.db, trx, account.accountId),
  // A bookmark widens what its owner may find, as a favourite does (Mastodon searches both).
  "bookmark.created": (mark, _envelope, { deps, trx }) => addInteractions(deps.db, trx, [{ accountId: mark.accountId, statusId: mark.statusId, kind: "bookmark" }]),
  "bookmark.removed": (mark, _envelope, { deps, trx }) => removeInteraction(deps.db, trx, { accountId: mark.accountId, statusId: mark.statusId, kind: "bookmark" }),
  // Whom each viewer's search leaves out.
  "block.created": (block, _envelope, { deps, trx }) => saveExclusion(deps.db, trx, { kind: "block", ...block }),
  "block.removed": (block, _envelope, { deps, trx }) => removeExclusion(deps.db, trx, { kind: "block", ...block }),
  "mute.created": (mute, _envelope, { deps, trx }) => saveExclusion(deps.db, trx, { kind: "mute", accountId: mute.accountId, targetAccountId: mute.targetAccountId, expiresAt: mute.expiresAt }),
  "mute.removed": (mute, _envelope, { deps, trx }) => removeExclusion(deps.db, trx, { kind: "mute", ...mute }),
  "domain_block.created": (block, _envelope, { deps, trx }) => saveExclusion(deps.db, trx, { kind: "domain", ...block }),
  "domain_block.removed": (block, _envelope, { deps, trx }) => removeExclusion(deps.db, trx, { kind: "domain", ...block }),
};

/** Subscribes the search consumer; it reads both topics from their beginning on first start. */
export async function startSearchIndexConsumer(bus: EventBus, deps: SearchIndexDeps): Promise<Subscription> {
  // Types this consumer ignores leave no inbox row behind.
  return consumeEvents(bus, { topics: [TOPICS.accounts, TOPICS.statuses], group: SEARCH_INDEX_CONSUMER, fromBeginning: true, handlers, context: () => ({ deps }), inbox: { db: deps.db } });
}
