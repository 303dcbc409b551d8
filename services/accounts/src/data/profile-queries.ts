import type { Database, Transaction } from "@starling/db";
import type { ProfileImage } from "../domain/account.ts";
import type { ProfileField } from "../domain/profile-fields.ts";
import type { AccountSettings } from "../domain/profile-rules.ts";
import { fieldsToJson, imageColumns } from "./profile-columns.ts";

/** The profile columns an update writes; absent members stay as they are. */
export interface ProfilePatch {
  displayName?: string;
  note?: string;
  noteSource?: string;
  locked?: boolean;
  bot?: boolean;
  actorType?: string;
  discoverable?: boolean;
  indexable?: boolean;
  fields?: readonly ProfileField[];
  emojiShortcodes?: readonly string[];
  avatar?: ProfileImage;
  header?: ProfileImage;
}

export async function updateProfile(db: Database, trx: Transaction, accountId: string, patch: ProfilePatch): Promise<void> {
  const row: Record<string, unknown> = {};
  if (patch.displayName !== undefined) row.display_name = patch.displayName;
  if (patch.note !== undefined) row.note = patch.note;
  if (patch.noteSource !== undefined) row.note_source = patch.noteSource;
  if (patch.locked !== undefined) row.locked = patch.locked;
  if (patch.bot !== undefined) row.bot = patch.bot;
  if (patch.actorType !== undefined) row.actor_type = patch.actorType;
  if (patch.discoverable !== undefined) row.discoverable = patch.discoverable;
  if (patch.indexable !== undefined) row.indexable = patch.indexable;
  if (patch.fields !== undefined) row.fields = fieldsToJson(patch.fields);
  if (patch.emojiShortcodes !== undefined) row.emoji_shortcodes = JSON.stringify(patch.emojiShortcodes);
  if (patch.avatar !== undefined) Object.assign(row, imageColumns("avatar", patch.avatar));
  if (patch.header !== undefined) Object.assign(row, imageColumns("header", patch.header));
  if (Object.keys(row).length > 0) await db.table("accounts", trx).where({ id: accountId }).update(row);
}

/** Records the move of an account; `at` starts the cool-down before it may move again. */
export async function setMovedTo(db: Database, trx: Transaction, accountId: string, targetId: string, at: Date): Promise<void> {
  await db.table("accounts", trx).where({ id: accountId }).update({ moved_to_account_id: targetId, moved_at: at });
}

const DEFAULT_SETTINGS: AccountSettings = { privacy: "public", sensitive: false, language: null, expandMedia: "default", expandSpoilers: false };

/** An account's posting defaults and reading preferences, Mastodon's defaults when never saved. */
export async function findSettings(db: Database, accountId: string, trx?: Transaction): Promise<AccountSettings> {
  const row = await db.table("account_settings", trx).where({ account_id: accountId }).first();
  if (!row) return { ...DEFAULT_SETTINGS };
  return { privacy: row.default_privacy, sensitive: row.default_sensitive, language: row.default_language, expandMedia: row.expand_media, expandSpoilers: row.expand_spoilers };
}

export async function saveSettings(db: Database, trx: Transaction, accountId: string, settings: AccountSettings): Promise<void> {
  await db
    .table("account_settings", trx)
    .insert({
      account_id: accountId,
      default_privacy: settings.privacy,
      default_sensitive: settings.sensitive,
      default_language: settings.language,
      expand_media: settings.expandMedia,
      expand_spoilers: settings.expandSpoilers,
    })
    .onConflict("account_id")
    .merge();
}

/**
 * Asks for the account's field links to be checked, replacing any pending request (the newest
 * profile is the one to verify).
 */
export async function requestLinkCheck(db: Database, trx: Transaction, accountId: string, now: Date): Promise<void> {
  await db
    .table("profile_link_checks", trx)
    .insert({ account_id: accountId, requested_at: now, due_at: now, attempts: 0 })
    .onConflict("account_id")
    .merge();
}

/** A claimed link check: the account and the request time that identifies this request. */
export interface LinkCheckClaim {
  accountId: string;
  requestedAt: Date;
  /** How many times it was claimed, this time included (a crashed worker leaves it to be claimed again). */
  attempts: number;
}

/**
 * Claims due checks for this worker: locks them with SKIP LOCKED so concurrent workers take
 * different ones, and pushes their due time out by `leaseMs` so a worker that dies mid-check
 * leaves them to be picked up again later. The fetches then run outside any transaction.
 */
export async function claimLinkChecks(db: Database, now: Date, leaseMs: number, limit: number): Promise<LinkCheckClaim[]> {
  return db.transaction(async (trx) => {
    const rows: { account_id: string; requested_at: Date | string; attempts: number }[] = await db
      .table("profile_link_checks", trx)
      .where("due_at", "<=", now)
      .orderBy("due_at")
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .select("account_id", "requested_at", "attempts");
    if (rows.length === 0) return [];
    await db
      .table("profile_link_checks", trx)
      .whereIn("account_id", rows.map((r) => r.account_id))
      .update({ due_at: new Date(now.getTime() + leaseMs), attempts: db.knex.raw("attempts + 1") });
    return rows.map((r) => ({ accountId: String(r.account_id), requestedAt: new Date(r.requested_at), attempts: Number(r.attempts) + 1 }));
  });
}

/** Removes a finished check, unless a newer profile update requested another one meanwhile. */
export async function finishLinkCheck(db: Database, trx: Transaction, claim: LinkCheckClaim): Promise<void> {
  await db.table("profile_link_checks", trx).where({ account_id: claim.accountId, requested_at: claim.requestedAt }).delete();
}
