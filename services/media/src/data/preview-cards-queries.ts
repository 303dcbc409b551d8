import type { Database } from "@starling/db";
import type { CardType, PreviewCardRecord } from "../domain/preview-card.ts";

/** A preview_cards row as the driver returns it (int8 as strings). */
interface CardRow {
  id: string | number;
  link_url: string;
  url: string;
  title: string;
  description: string;
  type: string;
  link_type: string;
  author_name: string;
  author_url: string;
  provider_name: string;
  provider_url: string;
  html: string;
  width: number;
  height: number;
  embed_url: string;
  image_remote_url: string | null;
  image_key: string | null;
  blurhash: string | null;
  created_at: Date;
  updated_at: Date;
}

function toRecord(row: CardRow): PreviewCardRecord {
  return {
    id: String(row.id),
    linkUrl: row.link_url,
    url: row.url,
    title: row.title,
    description: row.description,
    // The check constraint keeps the column to the four types.
    type: row.type as CardType,
    linkType: row.link_type === "article" ? "article" : "unknown",
    authorName: row.author_name,
    authorUrl: row.author_url,
    providerName: row.provider_name,
    providerUrl: row.provider_url,
    html: row.html,
    width: row.width,
    height: row.height,
    embedUrl: row.embed_url,
    imageRemoteUrl: row.image_remote_url,
    imageKey: row.image_key,
    blurhash: row.blurhash,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

function toRow(card: PreviewCardRecord): CardRow {
  return {
    id: card.id,
    link_url: card.linkUrl,
    url: card.url,
    title: card.title,
    description: card.description,
    type: card.type,
    link_type: card.linkType,
    author_name: card.authorName,
    author_url: card.authorUrl,
    provider_name: card.providerName,
    provider_url: card.providerUrl,
    html: card.html,
    width: card.width,
    height: card.height,
    embed_url: card.embedUrl,
    image_remote_url: card.imageRemoteUrl,
    image_key: card.imageKey,
    blurhash: card.blurhash,
    created_at: card.createdAt,
    updated_at: card.updatedAt,
  };
}

/** The card stored for a link, if any. */
export async function findCardByLink(db: Database, linkUrl: string): Promise<PreviewCardRecord | undefined> {
  const row: CardRow | undefined = await db.table("preview_cards").where({ link_url: linkUrl }).first();
  return row && toRecord(row);
}

/** Cards with these ids, in no particular order. */
export async function findCards(db: Database, ids: readonly string[]): Promise<PreviewCardRecord[]> {
  const valid = ids.filter((id) => /^\d{1,19}$/.test(id));
  if (valid.length === 0) return [];
  const rows: CardRow[] = await db.table("preview_cards").whereIn("id", valid);
  return rows.map(toRecord);
}

/** Stores a card unless its link has one already (a concurrent fetch won); true when this one was stored. */
export async function insertCard(db: Database, card: PreviewCardRecord): Promise<boolean> {
  const inserted: unknown[] = await db.table("preview_cards").insert(toRow(card)).onConflict("link_url").ignore().returning("id");
  return inserted.length === 1;
}

/** When fetching a link last failed, if it did. */
export async function lastFailure(db: Database, linkUrl: string): Promise<Date | undefined> {
  const row: { failed_at: Date } | undefined = await db.table("preview_card_failures").where({ link_url: linkUrl }).first();
  return row ? new Date(row.failed_at) : undefined;
}

/** Records (or renews) a failed fetch of a link; a later success clears it. */
export async function recordFailure(db: Database, linkUrl: string, reason: string, at: Date): Promise<void> {
  await db.table("preview_card_failures").insert({ link_url: linkUrl, reason, failed_at: at }).onConflict("link_url").merge();
}

/** Forgets a link's failure once a card for it exists. */
export async function clearFailure(db: Database, linkUrl: string): Promise<void> {
  await db.table("preview_card_failures").where({ link_url: linkUrl }).delete();
}
