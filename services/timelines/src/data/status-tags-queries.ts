/** The `status_tags` read model: the normalized hashtags of every status, fed by status.created and status.updated. */
import type { Database, Transaction } from "@starling/db";
import { readPage, type Page } from "@starling/paging";
import { withoutRestrictedAuthors } from "./account-restrictions-queries.ts";
import { withoutSilencedServers } from "./instance-silences-queries.ts";
import type { Origin } from "./public-statuses-queries.ts";

/** A status's hashtag facts as status.created tells them. */
export interface TaggedStatus {
  id: string;
  accountId: string;
  createdAt: Date;
  tags: readonly string[];
  hasMedia: boolean;
}

/** Records a newly indexed status's tags and media flag (inside its status.created transaction). */
export async function recordStatusTags(db: Database, trx: Transaction, status: TaggedStatus): Promise<void> {
  if (status.hasMedia) await db.table("statuses_index", trx).where({ id: status.id }).update({ has_media: true });
  if (status.tags.length === 0) return;
  const rows = [...new Set(status.tags)].map((tag) => ({ status_id: status.id, tag, account_id: status.accountId, created_at: status.createdAt }));
  await db.table("status_tags", trx).insert(rows).onConflict(["tag", "status_id"]).ignore();
}

/** An edit's hashtag facts as status.updated tells them. */
export interface EditedTags {
  id: string;
  tags: readonly string[];
  hasMedia: boolean;
  editedAt: Date;
}

/**
 * Replaces a live status's tags and media flag with an edit's, unless a later edit was applied
 * already (events may arrive out of order). Tags keep the status's creation time, so hashtag
 * history counts a status on the day it was posted, edited or not.
 */
export async function replaceEditedTags(db: Database, trx: Transaction, edit: EditedTags): Promise<void> {
  const [status] = (await db
    .table("statuses_index", trx)
    .where({ id: edit.id, deleted: false })
    .where((q) => q.whereNull("edited_at").orWhere("edited_at", "<", edit.editedAt))
    .update({ has_media: edit.hasMedia, edited_at: edit.editedAt })
    .returning(["account_id", "created_at"])) as { account_id: string; created_at: Date | null }[];
  if (!status) return;
  await db.table("status_tags", trx).where({ status_id: edit.id }).whereNotIn("tag", [...edit.tags]).delete();
  await recordStatusTags(db, trx, { id: edit.id, accountId: String(status.account_id), createdAt: status.created_at ?? edit.editedAt, tags: edit.tags, hasMedia: edit.hasMedia });
}

/** Which statuses a hashtag timeline shows (Mastodon's TagFeed): tag names already normalized. */
export interface TagQuery {
  /** Statuses with at least one of these (the path's tag and `any[]`). */
  any: readonly string[];
  /** ... and every one of these. */
  all: readonly string[];
  /** ... and none of these. */
  none: readonly string[];
  origin: Origin;
  onlyMedia: boolean;
  excludedAuthors: readonly string[];
}

/** One page of ids of live public statuses (not reblogs) matching `query`, newest first. */
export async function taggedStatusIds(db: Database, query: TagQuery, page: Page): Promise<string[]> {
  const { schema } = db;
  const withTags = (tags: readonly string[]) => db.knex.withSchema(schema).from("status_tags as t").whereRaw("t.status_id = s.id").whereIn("t.tag", tags);
  const statuses = db
    .table("statuses_index as s")
    .where({ "s.visibility": "public", "s.deleted": false })
    .whereNull("s.reblog_of_id")
    .whereExists(withTags(query.any))
    .select("s.id");
  for (const tag of query.all) statuses.whereExists(withTags([tag]));
  if (query.none.length > 0) statuses.whereNotExists(withTags(query.none));
  if (query.origin !== "all") statuses.where("s.local", query.origin === "local");
  if (query.onlyMedia) statuses.where("s.has_media", true);
  if (query.excludedAuthors.length > 0) statuses.whereNotIn("s.account_id", query.excludedAuthors);
  withoutRestrictedAuthors(db, statuses, "s.account_id", true);
  // Staff silenced (or suspended) these servers: off hashtag timelines too, as off public ones.
  if (query.origin !== "local") withoutSilencedServers(db, statuses, "s.account_id");
  return (await readPage<{ id: string }>(statuses, "s.id", page)).map((r) => String(r.id));
}

/** One day of a tag's use. */
export interface TagDayUse {
  /** Start of the UTC day. */
  day: Date;
  uses: number;
  accounts: number;
}

/**
 * Uses of `tag` (public and unlisted statuses, not reblogs, still live) and distinct accounts
 * using it, per UTC day from `since` on; days without use are absent.
 */
export async function tagUsesByDay(db: Database, tag: string, since: Date): Promise<TagDayUse[]> {
  const rows: { day: Date; uses: string; accounts: string }[] = await db
    .table("status_tags as t")
    .join("statuses_index as s", "s.id", "t.status_id")
    .where("t.tag", tag)
    .where("t.created_at", ">=", since)
    .whereIn("s.visibility", ["public", "unlisted"])
    .where("s.deleted", false)
    .whereNull("s.reblog_of_id")
    .groupByRaw("1")
    .select(db.knex.raw("date_trunc('day', t.created_at at time zone 'UTC') at time zone 'UTC' as day"))
    .select(db.knex.raw("count(*) as uses"), db.knex.raw("count(distinct t.account_id) as accounts"));
  return rows.map((r) => ({ day: new Date(r.day), uses: Number(r.uses), accounts: Number(r.accounts) }));
}
