/** Mastodon's default status length limit (instance configuration `statuses.max_characters`). */
export const MAX_STATUS_CHARACTERS = 500;

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * Length of a status as Mastodon's StatusLengthValidator counts it: grapheme clusters over the
 * spoiler text and the text together, so an emoji with modifiers counts once. URLs counting as 23
 * and remote mentions counting only their `@user` part arrive with links and mentions (issue 4),
 * as rewrites of the text before counting.
 */
export function countCharacters(text: string): number {
  let count = 0;
  for (const _ of graphemes.segment(text)) count += 1;
  return count;
}

/** The counted length of a new status: spoiler text plus text. */
export function statusLength(input: { text: string; spoilerText: string }): number {
  return countCharacters(input.spoilerText) + countCharacters(input.text);
}
