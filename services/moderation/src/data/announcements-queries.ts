import type { Database, Transaction } from "@starling/db";
import type { Announcement } from "../domain/announcement.ts";

interface AnnouncementRow {
  id: string;
  text: string;
  content: string;
  mentions: Announcement["mentions"];
  tags: string[];
  emojis: Announcement["emojis"];
  starts_at: Date | null;
  ends_at: Date | null;
  all_day: boolean;
  scheduled_at: Date | null;
  published: boolean;
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const date = (value: Date | null) => (value === null ? undefined : new Date(value));

const toAnnouncement = (row: AnnouncementRow): Announcement => ({
  id: String(row.id),
  text: row.text,
  content: row.content,
  mentions: row.mentions,
  tags: row.tags,
  emojis: row.emojis,
  startsAt: date(row.starts_at),
  endsAt: date(row.ends_at),
  allDay: row.all_day,
  scheduledAt: date(row.scheduled_at),
  published: row.published,
  publishedAt: date(row.published_at),
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

const toRow = (a: Announcement) => ({
  text: a.text,
  content: a.content,
  mentions: JSON.stringify(a.mentions),
  tags: JSON.stringify(a.tags),
  emojis: JSON.stringify(a.emojis),
  starts_at: a.startsAt ?? null,
  ends_at: a.endsAt ?? null,
  all_day: a.allDay,
  scheduled_at: a.scheduledAt ?? null,
  published: a.published,
  published_at: a.publishedAt ?? null,
  updated_at: a.updatedAt,
});

/** The announcement with this id, locked for the transaction when one is given. */
export async function findAnnouncement(db: Database, id: string, trx?: Transaction): Promise<Announcement | undefined> {
  const query = db.table("announcements", trx).where({ id });
  const row: AnnouncementRow | undefined = await (trx ? query.forUpdate() : query).first();
  return row && toAnnouncement(row);
}

/** Every announcement, newest first (staff). */
export async function listAllAnnouncements(db: Database): Promise<Announcement[]> {
  return (await db.table("announcements").orderBy("id", "desc")).map(toAnnouncement);
}

/**
 * Published announcements whose range has not ended at `now`, in Mastodon's chronological order
 * (by start, else by schedule, publication or creation); those `accountId` dismissed only when asked.
 */
export async function listPublishedAnnouncements(db: Database, now: Date, accountId: string, withDismissed: boolean): Promise<Announcement[]> {
  const query = db
    .table("announcements as a")
    .where("a.published", true)
    .where((w) => w.whereNull("a.ends_at").orWhere("a.ends_at", ">", now))
    .orderByRaw("coalesce(a.starts_at, a.scheduled_at, a.published_at, a.created_at), a.id")
    .select("a.*");
  if (!withDismissed) query.whereNotExists(db.table("announcement_dismissals as d").whereRaw("d.announcement_id = a.id").where("d.account_id", accountId).select(db.knex.raw("1")));
  return (await query).map(toAnnouncement);
}

export async function insertAnnouncement(db: Database, trx: Transaction, announcement: Announcement): Promise<void> {
  await db.table("announcements", trx).insert({ id: announcement.id, ...toRow(announcement), created_at: announcement.createdAt });
}

export async function updateAnnouncement(db: Database, trx: Transaction, announcement: Announcement): Promise<void> {
  await db.table("announcements", trx).where({ id: announcement.id }).update(toRow(announcement));
}

/** Deletes an announcement; its read marks and reactions go with it (foreign keys cascade). */
export async function deleteAnnouncement(db: Database, trx: Transaction, id: string): Promise<void> {
  await db.table("announcements", trx).where({ id }).delete();
}

/**
 * Up to `limit` unpublished announcements due at `now`, locked for this transaction (SKIP LOCKED,
 * so two replicas never publish one twice).
 */
export async function lockDueAnnouncements(db: Database, trx: Transaction, now: Date, limit: number): Promise<Announcement[]> {
  const rows: AnnouncementRow[] = await db.table("announcements", trx).where("published", false).where("scheduled_at", "<=", now).orderBy("scheduled_at").limit(limit).forUpdate().skipLocked();
  return rows.map(toAnnouncement);
}
