import type { Database, Transaction } from "@starling/db";
import { consumeEvents, TOPICS, type EventBus, type EventHandlers, type Subscription } from "@starling/events";
import { accountDomain, saveDashboardAccount } from "../data/dashboard-accounts-queries.ts";
import { addMember, bumpCount, setMediaBytes } from "../data/dashboard-counters-queries.ts";
import { utcDay } from "../domain/dashboard-day.ts";

/** Consumer group (and inbox consumer name) that keeps the dashboard's daily counters. */
export const DASHBOARD_COUNTERS_GROUP = "moderation.dashboard-counters";

interface Extra {
  db: Database;
  trx: Transaction;
}

const dayOf = (at: Date | undefined, fallback: Date | undefined) => utcDay(at ?? fallback ?? new Date());

// Counts go to dim1 = the author's domain ('' for this server); an account whose account.created has
// not arrived yet is on no known server, so its per-server counts are skipped (the others still count).
const handlers: EventHandlers<Extra> = {
  "account.created": async (p, e, { db, trx }) => {
    const day = dayOf(undefined, e.occurredAt);
    await saveDashboardAccount(db, trx, { accountId: p.accountId, username: p.username, domain: p.domain ?? null, createdDay: day });
    if (p.domain === undefined) await bumpCount(db, trx, { key: "new_users", day });
    // Mastodon's sources dimension groups sign-ups by the name of the app they came through.
    if (p.domain === undefined && p.createdByApplicationName !== undefined) await bumpCount(db, trx, { key: "sources", dim1: p.createdByApplicationName, day });
    await bumpCount(db, trx, { key: "accounts", dim1: p.domain ?? "", day });
  },
  // A sign-in, or the first authenticated request of a day: either makes the user active that day.
  "user.signed_in": async (p, e, extra) => countActiveUser(extra, p.accountId, dayOf(p.signedInAt, e.occurredAt), p.locale),
  "user.active": async (p, e, extra) => countActiveUser(extra, p.accountId, dayOf(p.activeAt, e.occurredAt), p.locale),
  "status.created": async (p, e, { db, trx }) => {
    const day = dayOf(p.createdAt, e.occurredAt);
    const domain = p.local ? "" : await accountDomain(db, trx, p.accountId);
    if (p.local && p.inReplyToId && p.inReplyToAccountId !== p.accountId) await bumpCount(db, trx, { key: "interactions", day });
    // A reblog is an interaction, counted from reblog.created; it is no status of its own here.
    if (p.reblogOfId || domain === undefined || domain === null) return;
    await bumpCount(db, trx, { key: "statuses", dim1: domain, day });
    if (domain !== "") await bumpCount(db, trx, { key: "account_statuses", dim1: domain, dim2: p.accountId, day });
    if (p.language) await bumpCount(db, trx, { key: "status_languages", dim1: domain, dim2: p.language, day });
    for (const tag of new Set(p.tags)) {
      await bumpCount(db, trx, { key: "tag_uses", dim1: tag, dim2: domain, day });
      await addMember(db, trx, { key: "tag_accounts", dim: tag, day }, p.accountId);
      // Mastodon counts the other servers that used a tag, not this one.
      if (domain !== "") await addMember(db, trx, { key: "tag_servers", dim: tag, day }, domain);
      if (p.language) await bumpCount(db, trx, { key: "tag_languages", dim1: tag, dim2: p.language, day });
    }
  },
  "favourite.created": async (p, e, extra) => countLocalInteraction(extra, p.accountId, dayOf(p.createdAt, e.occurredAt)),
  "reblog.created": async (p, e, extra) => countLocalInteraction(extra, p.accountId, dayOf(p.createdAt, e.occurredAt)),
  "follow.accepted": async (p, e, { db, trx }) => {
    const day = dayOf(undefined, e.occurredAt);
    const [from, to] = await Promise.all([accountDomain(db, trx, p.accountId), accountDomain(db, trx, p.targetAccountId)]);
    if (from === null && to) await bumpCount(db, trx, { key: "follows", dim1: to, day });
    if (from && to === null) await bumpCount(db, trx, { key: "followers", dim1: from, day });
  },
  // Every change of an attachment's files says what they occupy now (absent: nothing stored).
  "media.processed": async (p, e, { db, trx }) => {
    const domain = await accountDomain(db, trx, p.accountId);
    if (domain !== undefined) await setMediaBytes(db, trx, { mediaId: p.mediaId, domain: domain ?? "", day: dayOf(undefined, e.occurredAt), bytes: p.storedBytes ?? 0 });
  },
  "report.created": async (p, e, { db, trx }) => {
    const day = dayOf(p.createdAt, e.occurredAt);
    await bumpCount(db, trx, { key: "opened_reports", day });
    const domain = await accountDomain(db, trx, p.targetAccountId);
    if (domain !== undefined) await bumpCount(db, trx, { key: "reports", dim1: domain ?? "", day });
  },
};

/** Active users (and the week's logins, and retention) by day, and their interface languages. */
async function countActiveUser({ db, trx }: Extra, accountId: string, day: string, locale: string | undefined): Promise<void> {
  await addMember(db, trx, { key: "active_users", day }, accountId);
  if (locale) await addMember(db, trx, { key: "active_locales", dim: locale, day }, accountId);
}

/** Mastodon's interactions: favourites, boosts and replies made by this server's users. */
async function countLocalInteraction({ db, trx }: Extra, accountId: string, day: string): Promise<void> {
  if ((await accountDomain(db, trx, accountId)) === null) await bumpCount(db, trx, { key: "interactions", day });
}

/** Reads the accounts, statuses, media and moderation topics from their beginning into the dashboard counters. */
export function startDashboardCountersConsumer(db: Database, bus: EventBus): Promise<Subscription> {
  return consumeEvents(bus, {
    topics: [TOPICS.accounts, TOPICS.statuses, TOPICS.media, TOPICS.moderation],
    group: DASHBOARD_COUNTERS_GROUP,
    fromBeginning: true,
    handlers,
    context: () => ({ db }),
    inbox: { db, recordUnhandled: true },
  });
}
