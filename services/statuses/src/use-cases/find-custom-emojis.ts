import { notFound } from "@starling/runtime";
import { findEnabledEmojis, findLocalEmoji, listPickerEmojis } from "../data/custom-emojis-queries.ts";
import { SHORTCODE_PATTERN, type CustomEmoji } from "../domain/custom-emoji.ts";
import type { StatusesDeps } from "./dependencies.ts";

/** Shortcodes asked for in one call at most; a profile or a page of statuses uses far fewer. */
export const MAX_SHORTCODES_PER_LOOKUP = 1000;

/** A shortcode of one domain (absent for local). */
export interface EmojiRef {
  shortcode: string;
  domain?: string | undefined;
}

/** The emojis of the picker: local, enabled and not unlisted (Mastodon's `CustomEmoji.listed`). */
export function listCustomEmojis(deps: Pick<StatusesDeps, "db">): Promise<CustomEmoji[]> {
  return listPickerEmojis(deps.db);
}

/**
 * Enabled emojis by exact shortcode and domain, as text renders them: strings that cannot be
 * shortcodes are ignored rather than refused, since they come from user text.
 */
export function getCustomEmojis(deps: Pick<StatusesDeps, "db">, refs: readonly EmojiRef[]): Promise<CustomEmoji[]> {
  const wanted = new Map<string, EmojiRef>();
  for (const ref of refs) {
    const domain = ref.domain?.trim().toLowerCase();
    if (SHORTCODE_PATTERN.test(ref.shortcode)) wanted.set(`${ref.shortcode}@${domain ?? ""}`, { shortcode: ref.shortcode, domain });
  }
  return findEnabledEmojis(deps.db, [...wanted.values()].slice(0, MAX_SHORTCODES_PER_LOOKUP));
}

/** A local emoji by id, disabled or not (what its ActivityPub id names); NOT_FOUND otherwise. */
export async function getLocalCustomEmoji(deps: Pick<StatusesDeps, "db">, id: string): Promise<CustomEmoji> {
  const emoji = /^\d{1,19}$/.test(id) ? await findLocalEmoji(deps.db, id) : undefined;
  if (!emoji) throw notFound("custom emoji not found");
  return emoji;
}
