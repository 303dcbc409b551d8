const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** HTML-escapes text as Rails' `h` does. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/**
 * Renders a local status's plain text to HTML the way Mastodon's TextFormatter does with Rails'
 * simple_format: escaped text, one `<p>` per paragraph (split on blank lines), `<br />` for a
 * single newline, and no newline characters left in the output. Plain text only: formatStatus
 * adds links, hashtags and mentions.
 */
export function formatContent(text: string): string {
  return layoutParagraphs(text, escapeHtml);
}

/**
 * The paragraph layout of {@link formatContent} with a caller's inline renderer (which must escape
 * what it does not turn into markup): `<p>` per blank-line-separated paragraph, `<br />` for a
 * single newline, "" for blank text.
 */
export function layoutParagraphs(text: string, renderInline: (paragraph: string) => string): string {
  const normalized = text.replace(/\r\n?/g, "\n");
  if (normalized.trim() === "") return "";
  return normalized
    .split(/\n\n+/)
    .map((paragraph) => `<p>${renderInline(paragraph).replace(/\n(?=[^\n])/g, "<br />").replace(/\n/g, "")}</p>`)
    .join("");
}
