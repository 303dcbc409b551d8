import type { CustomEmoji } from "@starling/proto/statuses/v1/custom_emojis";
import type { RouteContext } from "../http/route.ts";
import { orNull } from "./values.ts";

/** Renders a Mastodon CustomEmoji entity; `static_url` falls back to the image itself, `category` to null. */
export function presentCustomEmoji(emoji: CustomEmoji): Record<string, unknown> {
  return {
    shortcode: emoji.shortcode,
    url: emoji.url,
    static_url: emoji.staticUrl || emoji.url,
    visible_in_picker: emoji.visibleInPicker,
    category: orNull(emoji.category),
  };
}

/**
 * The enabled local custom emojis these shortcodes name, keyed by shortcode, with ONE statuses call
 * for the whole response (none when no shortcode is used). Unknown shortcodes are simply absent:
 * `:text:` that names no emoji is just text.
 */
export async function loadCustomEmojis(ctx: Pick<RouteContext, "clients" | "viewerToken">, shortcodes: Iterable<string>): Promise<Map<string, CustomEmoji>> {
  const wanted = [...new Set(shortcodes)];
  if (wanted.length === 0) return new Map();
  const { emojis } = await ctx.clients.customEmojis.getCustomEmojis({ shortcodes: wanted, domain: "", refs: [] }, { viewerToken: ctx.viewerToken });
  return new Map(emojis.map((emoji) => [emoji.shortcode, emoji]));
}

/** The rendered emojis of `shortcodes` found in `known`, in the order the shortcodes are listed. */
export function presentEmojisOf(shortcodes: readonly string[], known: ReadonlyMap<string, CustomEmoji>): Record<string, unknown>[] {
  return shortcodes.flatMap((shortcode) => {
    const emoji = known.get(shortcode);
    return emoji ? [presentCustomEmoji(emoji)] : [];
  });
}
