import type { Database, Transaction } from "@starling/db";
import type { CustomEmoji } from "../domain/custom-emoji.ts";

interface CustomEmojiRow {
  id: string | number;
  shortcode: string;
  domain: string;
  url: string;
  static_url: string;
  category: string | null;
  visible_in_picker: boolean;
  disabled: boolean;
  created_at: Date;
  updated_at: Date;
}

// Local emojis are stored with the domain '' (the unique index on shortcode and domain needs a value).
const LOCAL_DOMAIN = "";
const domainColumn = (domain: string | undefined): string => domain ?? LOCAL_DOMAIN;

const fromRow = (row: CustomEmojiRow): CustomEmoji => ({
  id: String(row.id),
  shortcode: row.shortcode,
  domain: row.domain === LOCAL_DOMAIN ? undefined : row.domain,
  url: row.url,
  staticUrl: row.static_url,
  category: row.category,
  visibleInPicker: row.visible_in_picker,
  disabled: row.disabled,
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

const toRow = (emoji: CustomEmoji): CustomEmojiRow => ({
  id: emoji.id,
  shortcode: emoji.shortcode,
  domain: domainColumn(emoji.domain),
  url: emoji.url,
  static_url: emoji.staticUrl,
  category: emoji.category,
  visible_in_picker: emoji.visibleInPicker,
  disabled: emoji.disabled,
  created_at: emoji.createdAt,
  updated_at: emoji.updatedAt,
});

/** The emoji of `domain` whose shortcode equals `shortcode` ignoring case, locked for update inside `trx`. */
export async function findEmojiForUpdate(db: Database, trx: Transaction, shortcode: string, domain: string | undefined): Promise<CustomEmoji | undefined> {
  const row: CustomEmojiRow | undefined = await db
    .table("custom_emojis", trx)
    .whereRaw("lower(shortcode) = lower(?)", [shortcode])
    .andWhere({ domain: domainColumn(domain) })
    .forUpdate()
    .first();
  return row && fromRow(row);
}

/**
 * Inserts the emoji; false when the shortcode was taken meanwhile (the unique index decides, so two
 * concurrent imports of one shortcode cannot both insert).
 */
export async function insertEmoji(db: Database, trx: Transaction, emoji: CustomEmoji): Promise<boolean> {
  const inserted = await db.table("custom_emojis", trx).insert(toRow(emoji)).onConflict().ignore().returning("id");
  return inserted.length === 1;
}

/** Replaces the stored emoji with `emoji` (same id). */
export async function updateEmoji(db: Database, trx: Transaction, emoji: CustomEmoji): Promise<void> {
  const { id, created_at: _created, ...changes } = toRow(emoji);
  await db.table("custom_emojis", trx).where({ id }).update(changes);
}

/** Local, enabled emojis shown in the picker, by shortcode. */
export async function listPickerEmojis(db: Database): Promise<CustomEmoji[]> {
  const rows: CustomEmojiRow[] = await db.table("custom_emojis").where({ domain: LOCAL_DOMAIN, disabled: false, visible_in_picker: true }).orderBy("shortcode");
  return rows.map(fromRow);
}

/** Enabled emojis with exactly these shortcode and domain pairs. */
export async function findEnabledEmojis(db: Database, refs: ReadonlyArray<{ shortcode: string; domain?: string | undefined }>): Promise<CustomEmoji[]> {
  if (refs.length === 0) return [];
  const pairs = refs.map((r) => [r.shortcode, domainColumn(r.domain)]);
  const rows: CustomEmojiRow[] = await db.table("custom_emojis").whereIn(["shortcode", "domain"], pairs).andWhere({ disabled: false });
  return rows.map(fromRow);
}

/** The local emoji with this id, enabled or not. */
export async function findLocalEmoji(db: Database, id: string): Promise<CustomEmoji | undefined> {
  const row: CustomEmojiRow | undefined = await db.table("custom_emojis").where({ id, domain: LOCAL_DOMAIN }).first();
  return row ? fromRow(row) : undefined;
}

/**
 * Deletes the emojis of a remote server (the domain, its subdomains, any port of them), as
 * Mastodon destroys a server's emojis when staff reject its media. Answers how many went.
 */
export async function deleteRemoteEmojisOfDomain(db: Database, domain: string): Promise<number> {
  const name = domain.toLowerCase();
  const pattern = name.replace(/[\\%_]/g, (c) => `\\${c}`);
  return db
    .table("custom_emojis")
    .whereNot({ domain: LOCAL_DOMAIN })
    .where((q) => {
      q.where({ domain: name }).orWhereRaw("domain like ?", [`%.${pattern}`]);
      if (!name.includes(":")) q.orWhereRaw("domain like ?", [`${pattern}:%`]).orWhereRaw("domain like ?", [`%.${pattern}:%`]);
    })
    .delete();
}
