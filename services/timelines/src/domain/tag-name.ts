import { hashtagsIn, normalizeHashtag } from "@starling/text";

/**
 * The normalized name of a hashtag a client named (without "#"), or undefined when it cannot be a
 * hashtag: it must read as exactly one whole hashtag under the text grammar that statuses use.
 */
export function tagNameOf(raw: string): string | undefined {
  const name = raw.startsWith("#") ? raw.slice(1) : raw;
  const found = hashtagsIn([`#${name}`]);
  return found.length === 1 && found[0]!.name === name ? normalizeHashtag(name) : undefined;
}

const DAY_MS = 86_400_000;

/** The starts of the last `days` UTC days, today first (Mastodon's tag history order). */
export function lastDays(now: Date, days: number): Date[] {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  return Array.from({ length: days }, (_, i) => new Date(today - i * DAY_MS));
}
