import { consumeEvents, TOPICS, type EventBus, type EventHandlers, type Subscription } from "@starling/events";
import type { StatusPageCopies } from "./status-page-copies.ts";

/** Consumer group that drops copies of accounts, media, preview cards and standings when their owners change them. */
export const PAGE_COPIES_GROUP = "statuses.page-copies";

const forgetAccount = (copies: StatusPageCopies, ...ids: string[]) => copies.accounts.forget(ids);
// A relationship changed: both sides' standings (as viewers) are dropped.
const forgetStandings = async (copies: StatusPageCopies, ...viewers: string[]) => {
  for (const viewer of viewers) await copies.standings.forgetViewer(viewer);
};
const relationshipChanged = (copies: StatusPageCopies, p: { accountId: string; targetAccountId: string }) => forgetStandings(copies, p.accountId, p.targetAccountId);

// Dropping a copy is idempotent, so no inbox row: a redelivered event drops it again.
const handlers: EventHandlers<StatusPageCopies> = {
  "account.updated": (p, _e, copies) => forgetAccount(copies, p.accountId),
  "account.stats_changed": (p, _e, copies) => forgetAccount(copies, p.accountId),
  "account.suspended": (p, _e, copies) => forgetAccount(copies, p.accountId),
  "account.unsuspended": (p, _e, copies) => forgetAccount(copies, p.accountId),
  "account.restricted": (p, _e, copies) => forgetAccount(copies, p.accountId),
  "account.deleted": (p, _e, copies) => forgetAccount(copies, p.accountId),
  "account.moved": (p, _e, copies) => forgetAccount(copies, p.accountId),
  // Both sides' follower and following counts changed, and how they stand towards each other.
  "follow.accepted": async (p, _e, copies) => {
    await forgetAccount(copies, p.accountId, p.targetAccountId);
    await relationshipChanged(copies, p);
  },
  "follow.removed": async (p, _e, copies) => {
    await forgetAccount(copies, p.accountId, p.targetAccountId);
    await relationshipChanged(copies, p);
  },
  "block.created": async (p, _e, copies) => {
    await forgetAccount(copies, p.accountId, p.targetAccountId);
    await relationshipChanged(copies, p);
  },
  "block.removed": (p, _e, copies) => relationshipChanged(copies, p),
  "mute.created": (p, _e, copies) => relationshipChanged(copies, p),
  "mute.removed": (p, _e, copies) => relationshipChanged(copies, p),
  "domain_block.created": (p, _e, copies) => forgetStandings(copies, p.accountId),
  "domain_block.removed": (p, _e, copies) => forgetStandings(copies, p.accountId),
  "media.processed": (p, _e, copies) => copies.media.forget([p.mediaId]),
  "card.created": (p, _e, copies) => copies.cards.forget([p.cardId]),
};

/** Subscribes to the accounts and media topics to keep the status page's copies fresh. */
export function startPageCopiesConsumer(bus: EventBus, copies: StatusPageCopies): Promise<Subscription> {
  return consumeEvents(bus, { topics: [TOPICS.accounts, TOPICS.media], group: PAGE_COPIES_GROUP, fromBeginning: false, handlers, context: () => copies });
}
