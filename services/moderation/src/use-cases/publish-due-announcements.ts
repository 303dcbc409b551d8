import { enqueueEvents } from "@starling/events";
import { reactionCounts } from "../data/announcement-marks-queries.ts";
import { lockDueAnnouncements, updateAnnouncement } from "../data/announcements-queries.ts";
import { announcementChanged } from "./announcement-events.ts";
import type { ModerationDeps } from "./deps.ts";

/**
 * Publishes up to `batchSize` announcements whose `scheduled_at` passed by the use cases' clock,
 * each in one transaction with its announcement.published event, so a crash publishes it on the
 * next pass or not at all, never twice. It never touches a published one (nothing is unpublished
 * early). Resolves how many it published.
 */
export async function publishDueAnnouncements(deps: Pick<ModerationDeps, "db" | "now" | "nudgeRelay">, batchSize: number): Promise<number> {
  const count = await deps.db.transaction(async (trx) => {
    const now = deps.now();
    const due = await lockDueAnnouncements(deps.db, trx, now, batchSize);
    const reactions = await reactionCounts(deps.db, due.map((a) => a.id), undefined, trx);
    for (const scheduled of due) {
      const announcement = { ...scheduled, published: true, publishedAt: now, updatedAt: now };
      await updateAnnouncement(deps.db, trx, announcement);
      await enqueueEvents(deps.db, trx, [announcementChanged("announcement.published", { announcement, reactions: reactions.get(announcement.id) ?? [] })]);
    }
    return due.length;
  });
  if (count > 0) deps.nudgeRelay();
  return count;
}
