import { htmlToPlainText } from "@starling/text";

const MAX_LENGTH = 140;

/**
 * What a push or e-mail quotes of a status, as Mastodon does: the content warning when there is
 * one (so the hidden text is not shown on a lock screen), else the text without its markup, on one
 * line, cut at 140 characters.
 */
export function statusExcerpt(spoilerText: string, contentHtml: string): string {
  const text = (spoilerText.trim() || htmlToPlainText(contentHtml)).replace(/\s+/g, " ").trim();
  return [...text].length <= MAX_LENGTH ? text : `${[...text].slice(0, MAX_LENGTH - 1).join("").trimEnd()}…`;
}
