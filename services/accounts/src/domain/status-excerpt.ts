import { Parser } from "htmlparser2";

const MAX_LENGTH = 140;
const BLOCKS = new Set(["p", "br", "li", "blockquote", "pre"]);

/**
 * What a push or e-mail quotes of a status, as Mastodon does: the content warning when there is
 * one (so the hidden text is not shown on a lock screen), else the text without its markup, on one
 * line, cut at 140 characters.
 */
export function statusExcerpt(spoilerText: string, contentHtml: string): string {
  const text = (spoilerText.trim() || plainText(contentHtml)).replace(/\s+/g, " ").trim();
  return [...text].length <= MAX_LENGTH ? text : `${[...text].slice(0, MAX_LENGTH - 1).join("").trimEnd()}…`;
}

function plainText(html: string): string {
  const parts: string[] = [];
  const parser = new Parser({
    ontext: (text) => void parts.push(text),
    onopentag: (name) => void (BLOCKS.has(name) && parts.push(" ")),
    onclosetag: (name) => void (BLOCKS.has(name) && parts.push(" ")),
  }, { decodeEntities: true });
  parser.write(html);
  parser.end();
  return parts.join("");
}
