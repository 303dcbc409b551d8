import { formatStatus, statusEntities } from "@starling/text";
import type { AnnouncementEmoji, AnnouncementMention } from "../domain/announcement.ts";
import type { Caller, ModerationDeps } from "./deps.ts";

/** An announcement's text as stored: its HTML and what it refers to. */
export interface ComposedAnnouncementText {
  content: string;
  mentions: AnnouncementMention[];
  tags: string[];
  emojis: AnnouncementEmoji[];
}

/**
 * Renders an announcement's text with the status formatter (paragraphs, links, hashtags, mentions
 * of known accounts) and resolves its mentions and custom emojis, the two lookups in parallel.
 * Unknown or suspended accounts stay plain text, as in a status.
 */
export async function composeAnnouncementText(deps: Pick<ModerationDeps, "clients" | "baseUrl">, caller: Caller, text: string): Promise<ComposedAnnouncementText> {
  const entities = statusEntities(text);
  const [found, emojis] = await Promise.all([
    entities.mentions.length ? deps.clients.profiles.lookupAccounts({ accts: entities.mentions }, { viewerToken: caller.viewerToken }) : { found: [] },
    entities.emojiShortcodes.length ? deps.clients.customEmojis.getCustomEmojis({ shortcodes: entities.emojiShortcodes, refs: [] }) : { emojis: [] },
  ]);
  const known = new Map(found.found.flatMap(({ acct, account }) => (account && !account.suspended ? [[acct.toLowerCase(), account] as const] : [])));
  const content = formatStatus(text, {
    tagUrl: (tag) => `${deps.baseUrl}/tags/${encodeURIComponent(tag)}`,
    mentionUrl: (username, domain) => {
      const account = known.get((domain === undefined ? username : `${username}@${domain}`).toLowerCase());
      return account && (account.url ?? account.uri);
    },
  });
  const mentions = new Map<string, AnnouncementMention>();
  for (const acct of entities.mentions) {
    const account = known.get(acct.toLowerCase());
    if (account && !mentions.has(account.id)) mentions.set(account.id, { id: account.id, username: account.username, acct: account.domain ? `${account.username}@${account.domain}` : account.username, url: account.url ?? account.uri });
  }
  return {
    content,
    mentions: [...mentions.values()],
    tags: entities.hashtags.map((tag) => tag.name),
    emojis: emojis.emojis.map((emoji) => ({ shortcode: emoji.shortcode, url: emoji.url, staticUrl: emoji.staticUrl, visibleInPicker: emoji.visibleInPicker, category: emoji.category })),
  };
}
