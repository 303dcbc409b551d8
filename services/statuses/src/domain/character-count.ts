import { countedLength } from "@starling/text";

/** Mastodon's default status length limit (instance configuration `statuses.max_characters`). */
export const MAX_STATUS_CHARACTERS = 500;

/** The spec's limit on one URL in a status: longer ones are refused whatever the status's length. */
export const MAX_URL_LENGTH = 4096;

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** Grapheme clusters of `text`, so an emoji with modifiers counts once. */
export function countCharacters(text: string): number {
  let count = 0;
  for (const _ of graphemes.segment(text)) count += 1;
  return count;
}

/**
 * Length of a status as Mastodon's StatusLengthValidator counts it: grapheme clusters of the
 * spoiler text plus those of the text, where each http(s) URL of the text counts as 23 and an
 * `@user@domain` mention only as `@user` (the spoiler text is counted as it is).
 */
export function statusLength(input: { text: string; spoilerText: string }): number {
  return countCharacters(input.spoilerText) + countedLength(input.text);
}
