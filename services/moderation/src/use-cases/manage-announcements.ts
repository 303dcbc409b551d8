import { enqueueEvents, type OutboxEvent } from "@starling/events";
import { isId } from "@starling/paging";
import { notFound } from "@starling/runtime";
import { reactionCounts } from "../data/announcement-marks-queries.ts";
import { deleteAnnouncement as deleteAnnouncementRow, findAnnouncement, insertAnnouncement, listAllAnnouncements, updateAnnouncement } from "../data/announcements-queries.ts";
import { checkedAnnouncementText, checkTiming, type Announcement, type AnnouncementTiming } from "../domain/announcement.ts";
import { requireStaff } from "../domain/staff.ts";
import { announcementChanged, announcementDeleted, type AnnouncementView } from "./announcement-events.ts";
import { recordAudit } from "./audit-log.ts";
import { composeAnnouncementText } from "./compose-announcement-text.ts";
import type { Caller, ModerationDeps } from "./deps.ts";

/** Every announcement with its reaction totals, newest first (staff). */
export async function listAllAnnouncementViews(deps: ModerationDeps, caller: Caller): Promise<AnnouncementView[]> {
  requireStaff(caller, "manage_announcements");
  const all = await listAllAnnouncements(deps.db);
  const reactions = await reactionCounts(deps.db, all.map((a) => a.id));
  return all.map((announcement) => ({ announcement, reactions: reactions.get(announcement.id) ?? [] }));
}

/**
 * Saves an announcement. As the spec's states: without `scheduledAt`, or with one already past, it
 * is published at once (and streamed); otherwise the scheduler publishes it when due.
 */
export async function createAnnouncement(deps: ModerationDeps, caller: Caller, input: { text: string } & AnnouncementTiming): Promise<AnnouncementView> {
  const staffId = requireStaff(caller, "manage_announcements");
  const text = checkedAnnouncementText(input.text);
  const timing: AnnouncementTiming = { startsAt: input.startsAt, endsAt: input.endsAt, allDay: input.allDay, scheduledAt: input.scheduledAt };
  checkTiming(timing);
  const composed = await composeAnnouncementText(deps, caller, text);
  const now = deps.now();
  const publishNow = !timing.scheduledAt || timing.scheduledAt <= now;
  const announcement: Announcement = { id: deps.newId(), text, ...composed, ...timing, published: publishNow, publishedAt: publishNow ? now : undefined, createdAt: now, updatedAt: now };
  const view = { announcement, reactions: [] };
  await deps.db.transaction(async (trx) => {
    await insertAnnouncement(deps.db, trx, announcement);
    if (publishNow) await enqueueEvents(deps.db, trx, [announcementChanged("announcement.published", view)]);
    await recordAudit(deps, trx, { accountId: staffId, action: "announcement.create", targetType: "Announcement", targetId: announcement.id, summary: text });
  });
  if (publishNow) deps.nudgeRelay();
  return view;
}

/** What staff may change of an announcement; `clearTimeRange` drops its range and `all_day`. */
export interface AnnouncementChanges {
  text?: string | undefined;
  startsAt?: Date | undefined;
  endsAt?: Date | undefined;
  allDay?: boolean | undefined;
  scheduledAt?: Date | undefined;
  clearTimeRange?: boolean | undefined;
}

/**
 * Changes an announcement. A published one stays published (it is streamed again as updated); an
 * unpublished one moved to a time already past is published now.
 */
export async function changeAnnouncement(deps: ModerationDeps, caller: Caller, id: string, changes: AnnouncementChanges): Promise<AnnouncementView> {
  const staffId = requireStaff(caller, "manage_announcements");
  const text = changes.text === undefined ? undefined : checkedAnnouncementText(changes.text);
  const composed = text === undefined ? undefined : await composeAnnouncementText(deps, caller, text);
  const view = await deps.db.transaction(async (trx) => {
    const existing = isId(id) ? await findAnnouncement(deps.db, id, trx) : undefined;
    if (!existing) throw notFound();
    const range = changes.clearTimeRange ? { startsAt: undefined, endsAt: undefined, allDay: false } : { startsAt: changes.startsAt ?? existing.startsAt, endsAt: changes.endsAt ?? existing.endsAt, allDay: changes.allDay ?? existing.allDay };
    const timing: AnnouncementTiming = { ...range, scheduledAt: changes.scheduledAt ?? existing.scheduledAt };
    checkTiming(timing);
    const now = deps.now();
    const publishNow = !existing.published && (!timing.scheduledAt || timing.scheduledAt <= now);
    const announcement: Announcement = { ...existing, ...(text === undefined ? {} : { text, ...composed }), ...timing, updatedAt: now, ...(publishNow ? { published: true, publishedAt: now } : {}) };
    await updateAnnouncement(deps.db, trx, announcement);
    const result = { announcement, reactions: (await reactionCounts(deps.db, [announcement.id], undefined, trx)).get(announcement.id) ?? [] };
    const events: OutboxEvent[] = announcement.published ? [announcementChanged(publishNow ? "announcement.published" : "announcement.updated", result)] : [];
    await enqueueEvents(deps.db, trx, events);
    await recordAudit(deps, trx, { accountId: staffId, action: "announcement.update", targetType: "Announcement", targetId: announcement.id, summary: announcement.text });
    return result;
  });
  if (view.announcement.published) deps.nudgeRelay();
  return view;
}

/** Deletes an announcement; users streaming are told when it had been published. */
export async function deleteAnnouncement(deps: ModerationDeps, caller: Caller, id: string): Promise<void> {
  const staffId = requireStaff(caller, "manage_announcements");
  await deps.db.transaction(async (trx) => {
    const existing = isId(id) ? await findAnnouncement(deps.db, id, trx) : undefined;
    if (!existing) throw notFound();
    await deleteAnnouncementRow(deps.db, trx, id);
    if (existing.published) await enqueueEvents(deps.db, trx, [announcementDeleted(id)]);
    await recordAudit(deps, trx, { accountId: staffId, action: "announcement.destroy", targetType: "Announcement", targetId: id, summary: existing.text });
  });
  deps.nudgeRelay();
}
