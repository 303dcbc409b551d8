import { Parser } from "htmlparser2";

/**
 * The targets of `<a rel="me">` and `<link rel="me">` in an HTML page (rel is a space-separated
 * list, compared case-insensitively), the links a page uses to claim a profile as its owner's.
 */
export function relMeLinks(html: string): string[] {
  const hrefs: string[] = [];
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name !== "a" && name !== "link") return;
      const rel = (attributes.rel ?? "").toLowerCase().split(/\s+/);
      if (rel.includes("me") && attributes.href) hrefs.push(attributes.href);
    },
  });
  parser.write(html);
  parser.end();
  return hrefs;
}
