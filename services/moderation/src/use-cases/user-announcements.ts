import type { Transaction } from "@starling/db";
import { enqueueEvents } from "@starling/events";
import { isId } from "@starling/paging";
import { invalidArgument, notFound, unauthenticated } from "@starling/runtime";
import { deleteReaction, dismissedOf, insertDismissal, insertReaction, reactionCounts, reactionNames } from "../data/announcement-marks-queries.ts";
import { findAnnouncement, listPublishedAnnouncements } from "../data/announcements-queries.ts";
import { isActive, MAX_DISTINCT_REACTIONS, reactionKind, type Announcement } from "../domain/announcement.ts";
import { reactionChanged, type AnnouncementView } from "./announcement-events.ts";
import type { Caller, ModerationDeps } from "./deps.ts";

function userOf(caller: Caller): string {
  const accountId = caller.viewer?.accountId;
  if (!accountId) throw unauthenticated("This method requires an authenticated user");
  return accountId;
}

/** The announcements the viewer sees now, with their read state and reactions (`me` theirs). */
export async function listAnnouncementsFor(deps: ModerationDeps, caller: Caller, withDismissed: boolean): Promise<AnnouncementView[]> {
  const accountId = userOf(caller);
  const announcements = await listPublishedAnnouncements(deps.db, deps.now(), accountId, withDismissed);
  const ids = announcements.map((a) => a.id);
  const [dismissed, reactions] = await Promise.all([dismissedOf(deps.db, accountId, ids), reactionCounts(deps.db, ids, accountId)]);
  return announcements.map((announcement) => ({ announcement, reactions: reactions.get(announcement.id) ?? [], read: dismissed.has(announcement.id) }));
}

/** A published announcement, or NOT_FOUND (scheduled ones do not exist for users yet). */
async function visibleAnnouncement(deps: ModerationDeps, id: string): Promise<Announcement> {
  const announcement = isId(id) ? await findAnnouncement(deps.db, id) : undefined;
  if (!announcement || !isActive(announcement, deps.now())) throw notFound();
  return announcement;
}

/** Marks the announcement read for the viewer; dismissing twice is dismissing once. */
export async function dismissAnnouncement(deps: ModerationDeps, caller: Caller, id: string): Promise<void> {
  const accountId = userOf(caller);
  await visibleAnnouncement(deps, id);
  await insertDismissal(deps.db, id, accountId, deps.now());
}

/**
 * Adds the viewer's reaction: a Unicode emoji, or the shortcode of an enabled local custom emoji
 * (asked of statuses, which keeps them). An unknown name and a ninth distinct reaction are refused,
 * as Mastodon's validators refuse them; reacting twice is reacting once (no event the second time).
 */
export async function addReaction(deps: ModerationDeps, caller: Caller, id: string, name: string): Promise<void> {
  const accountId = userOf(caller);
  await visibleAnnouncement(deps, id);
  const emoji = await customEmojiOf(deps, name);
  const changed = await deps.db.transaction(async (trx) => {
    await findAnnouncement(deps.db, id, trx); // Locks it: concurrent first reactions count the distinct names one at a time.
    const names = await reactionNames(deps.db, trx, id);
    if (!names.includes(name) && names.length >= MAX_DISTINCT_REACTIONS) throw invalidArgument(`Validation failed: Maximum number of different reactions reached (${MAX_DISTINCT_REACTIONS})`);
    if (!(await insertReaction(deps.db, trx, { announcementId: id, accountId, name, url: emoji?.url, staticUrl: emoji?.staticUrl, createdAt: deps.now() }))) return false;
    await enqueueEvents(deps.db, trx, [reactionChanged(id, await countOf(deps, trx, id, name))]);
    return true;
  });
  if (changed) deps.nudgeRelay();
}

/** Takes back the viewer's reaction; taking back one that is not there does nothing. */
export async function removeReaction(deps: ModerationDeps, caller: Caller, id: string, name: string): Promise<void> {
  const accountId = userOf(caller);
  await visibleAnnouncement(deps, id);
  const changed = await deps.db.transaction(async (trx) => {
    if (!(await deleteReaction(deps.db, trx, id, accountId, name))) return false;
    await enqueueEvents(deps.db, trx, [reactionChanged(id, await countOf(deps, trx, id, name))]);
    return true;
  });
  if (changed) deps.nudgeRelay();
}

async function countOf(deps: ModerationDeps, trx: Transaction, id: string, name: string) {
  const found = (await reactionCounts(deps.db, [id], undefined, trx)).get(id)?.find((r) => r.name === name);
  return found ?? { name, count: 0, url: undefined, staticUrl: undefined };
}

async function customEmojiOf(deps: ModerationDeps, name: string): Promise<{ url: string; staticUrl: string } | undefined> {
  const kind = reactionKind(name);
  if (kind === "unicode") return undefined;
  const found = kind === "custom" ? (await deps.clients.customEmojis.getCustomEmojis({ shortcodes: [name], refs: [] })).emojis.find((e) => e.shortcode === name && !e.disabled) : undefined;
  if (!found) throw invalidArgument("Validation failed: Name is not a recognized emoji");
  return { url: found.url, staticUrl: found.staticUrl };
}
