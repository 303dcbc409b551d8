import { Parser } from "htmlparser2";

const BLOCKS = new Set(["p", "li", "blockquote", "pre"]);

/**
 * The text of rendered status HTML without its markup, entities decoded, each paragraph or line
 * break a newline (as Mastodon's extract_status_plain_text gives what its filters match on).
 */
export function htmlToPlainText(html: string): string {
  if (!html.includes("<") && !html.includes("&")) return html;
  const parts: string[] = [];
  const parser = new Parser(
    {
      ontext: (text) => void parts.push(text),
      // A <br> is void: it opens and closes at once, and breaks the line once.
      onopentag: (name) => void ((BLOCKS.has(name) || name === "br") && parts.push("\n")),
      onclosetag: (name) => void (BLOCKS.has(name) && parts.push("\n")),
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return parts.join("").trim();
}
