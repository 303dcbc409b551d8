import sanitizeHtml from "sanitize-html";

// Classes remote servers use to mark mentions, hashtags and shortened links (Mastodon keeps these
// and microformats, so clients can style them); any other class is dropped.
const KEPT_CLASSES = ["h-*", "p-*", "u-*", "dt-*", "e-*", "mention", "hashtag", "invisible", "ellipsis"];

const isWebLink = (href: string | undefined): boolean => {
  if (!href) return false;
  try {
    const { protocol } = new URL(href);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
};

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "span", "a", "del", "pre", "code", "em", "strong", "b", "i", "u", "ul", "ol", "li", "blockquote"],
  allowedAttributes: { a: ["href", "rel", "class"], span: ["class"], ol: ["start", "reversed"], li: ["value"] },
  allowedClasses: { a: KEPT_CLASSES, span: KEPT_CLASSES },
  allowedSchemes: ["http", "https"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // Other elements are unwrapped (their text stays); these go with everything inside them.
  disallowedTagsMode: "discard",
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "title", "template", "iframe", "object"],
  transformTags: {
    // A link to anything but the web keeps its text and loses the link, as in Mastodon.
    a: (tagName, attribs): sanitizeHtml.Tag =>
      isWebLink(attribs.href)
        ? { tagName, attribs: { ...attribs, rel: "nofollow noopener noreferrer" } }
        : { tagName: "span", attribs: attribs.class ? { class: attribs.class } : {} },
  },
};

/**
 * Remote HTML (post content, profile notes and fields) reduced to what Mastodon's strict sanitizer
 * lets through: paragraphs, line breaks, inline emphasis, lists, quotes, code and web links, which
 * never open the referrer to the remote site.
 */
export function sanitizeRemoteHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
