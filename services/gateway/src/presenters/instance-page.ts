import { marked } from "marked";
import sanitizeHtml from "sanitize-html";
import type { InstanceSettings } from "@starling/proto/moderation/v1/instance_settings";

// What staff's Markdown may become: text structure, links and emphasis; no scripts, styles or frames.
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["h1", "h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "a", "em", "strong", "del", "code", "pre", "blockquote", "ul", "ol", "li", "table", "thead", "tbody", "tr", "th", "td"],
  allowedAttributes: { a: ["href", "rel"], ol: ["start"] },
  allowedSchemes: ["http", "https", "mailto"],
  disallowedTagsMode: "discard",
  transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "nofollow noopener noreferrer" }) },
};

/** Markdown (GitHub flavour) as sanitized HTML. */
export const markdownToHtml = (markdown: string) => sanitizeHtml(marked.parse(markdown, { async: false, gfm: true }), OPTIONS);

/**
 * /api/v1/instance/privacy_policy and /extended_description (reference §4.10): `updated_at` and the
 * Markdown rendered as HTML; an unset page is empty, dated when the answer was made, as Mastodon.
 */
export function presentInstancePage(markdown: string | undefined, updatedAt: Date | undefined): { updated_at: string; content: string } {
  return { updated_at: (updatedAt ?? new Date()).toISOString(), content: markdown ? markdownToHtml(markdown) : "" };
}

/** GET/PUT /api/v1/admin/instance (beyond Mastodon 4.0): every setting by its key, unset ones null. */
export const presentInstanceSettings = (settings: InstanceSettings) => ({
  title: settings.title ?? null,
  contact_username: settings.contactUsername ?? null,
  contact_email: settings.contactEmail ?? null,
  short_description: settings.shortDescription ?? null,
  extended_description: settings.extendedDescription ?? null,
  privacy_policy: settings.privacyPolicy ?? null,
  thumbnail_url: settings.thumbnailUrl ?? null,
  registrations_mode: settings.registrationsMode ?? null,
  peers_visible: settings.peersVisible,
  trends_enabled: settings.trendsEnabled,
  email_mx_check: settings.emailMxCheck,
});
