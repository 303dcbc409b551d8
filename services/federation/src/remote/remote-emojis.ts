import { Image, Link, type Emoji } from "@fedify/fedify/vocab";
import type { RemoteEmoji } from "@starling/proto/statuses/v1/federated_statuses";
import { hostPolicy } from "../data/instance-blocks-queries.ts";
import type { FederationContextData } from "../fedify/federation.ts";

const refuseFetch = async (url: string): Promise<never> => {
  throw new Error(`${url}: Emoji icons are read only when embedded`);
};

/** The shortcode of an Emoji tag's name (`:blobcat:` or `blobcat`), or undefined when it is not one. */
export function emojiShortcode(name: unknown): string | undefined {
  return /^:?([A-Za-z0-9_]+):?$/.exec(String(name ?? "").trim())?.[1];
}

/**
 * The custom emoji an Emoji tag declares (Mastodon's shape: name `:code:`, icon an Image with its
 * url, `updated`), or undefined without a shortcode or an embedded image. As with Mastodon, the
 * icon must be embedded: a linked one is not fetched, and its shortcode stays plain text.
 */
export async function remoteEmojiOf(tag: Emoji): Promise<RemoteEmoji | undefined> {
  const shortcode = emojiShortcode(tag.name);
  if (!shortcode) return undefined;
  const icon = await tag.getIcon({ documentLoader: refuseFetch, contextLoader: refuseFetch, suppressError: true }).catch(() => null);
  const url = icon instanceof Image ? (icon.url instanceof Link ? icon.url.href : icon.url) : null;
  if (!url) return undefined;
  return { shortcode, url: url.href, updatedAt: tag.updated ? new Date(tag.updated.epochMilliseconds) : undefined };
}

/**
 * Stores a remote server's emojis through statuses (under the author's handle domain, as Mastodon
 * files remote emojis), before the status or profile that uses them is stored, so that it renders
 * with them at once. Nothing to store makes no call, nor does a server whose media staff reject
 * (as Mastodon skips its emojis): its shortcodes then stay plain text.
 */
export async function storeRemoteEmojis(data: FederationContextData, domain: string, emojis: readonly RemoteEmoji[]): Promise<void> {
  if (emojis.length === 0 || (await hostPolicy(data.db, domain)).rejectMedia) return;
  await data.federatedStatuses.upsertRemoteEmojis({ domain, emojis: [...emojis] });
}
