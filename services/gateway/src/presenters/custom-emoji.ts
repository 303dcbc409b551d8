import type { CustomEmoji } from "@starling/proto/statuses/v1/custom_emojis";
import type { RouteContext } from "../http/route.ts";

/** Renders a Mastodon CustomEmoji entity; `static_url` falls back to the image itself, `category` to null. */
export function presentCustomEmoji(emoji: Pick<CustomEmoji, "shortcode" | "url" | "staticUrl" | "visibleInPicker" | "category">): Record<string, unknown> {
  return {
    shortcode: emoji.shortcode,
    url: emoji.url,
    static_url: emoji.staticUrl || emoji.url,
    visible_in_picker: emoji.visibleInPicker,
    category: emoji.category ?? null,
  };
}

/** Custom emojis of one response, keyed by {@link emojiKey}. */
export type EmojiMap = ReadonlyMap<string, CustomEmoji>;

/** A shortcode of one domain (absent for local). */
export interface EmojiRef {
  shortcode: string;
  domain?: string | undefined;
}

/** An emoji's key: its shortcode and its domain (none for local); remote text uses its own server's emojis. */
export const emojiKey = (shortcode: string, domain: string | undefined): string => `${shortcode}@${domain?.toLowerCase() ?? ""}`;

/**
 * The enabled custom emojis these shortcodes name, each in its own domain, keyed by {@link emojiKey},
 * with ONE statuses call for the whole response (none when no shortcode is used). Unknown
 * shortcodes are simply absent: `:text:` that names no emoji is just text.
 */
export async function loadCustomEmojis(ctx: Pick<RouteContext, "clients" | "viewerToken">, refs: Iterable<EmojiRef>): Promise<Map<string, CustomEmoji>> {
  const wanted = new Map<string, EmojiRef>();
  for (const ref of refs) wanted.set(emojiKey(ref.shortcode, ref.domain), { shortcode: ref.shortcode, domain: ref.domain?.toLowerCase() });
  if (wanted.size === 0) return new Map();
  const { emojis } = await ctx.clients.customEmojis.getCustomEmojis({ shortcodes: [], refs: [...wanted.values()] }, { viewerToken: ctx.viewerToken });
  return new Map(emojis.map((emoji) => [emojiKey(emoji.shortcode, emoji.domain), emoji]));
}

/**
 * The rendered emojis of `shortcodes`, written on `domain` (absent for local), found in `known`, in the
 * order the shortcodes are listed: a remote author's `:blobcat:` is its server's, never a local one.
 */
export function presentEmojisOf(shortcodes: readonly string[], domain: string | undefined, known: EmojiMap): Record<string, unknown>[] {
  return shortcodes.flatMap((shortcode) => {
    const emoji = known.get(emojiKey(shortcode, domain));
    return emoji ? [presentCustomEmoji(emoji)] : [];
  });
}
