import type { FeaturedTag, SuggestedTag } from "@starling/proto/statuses/v1/featured_tags";

/** Renders a Mastodon 4.0 FeaturedTag: `statuses_count` is a string there, `last_status_at` a date (YYYY-MM-DD) or null. */
export function presentFeaturedTag(tag: FeaturedTag): Record<string, unknown> {
  return {
    id: tag.id,
    name: tag.name,
    url: tag.url,
    statuses_count: String(tag.statusesCount),
    last_status_at: tag.lastStatusAt ? tag.lastStatusAt.toISOString().slice(0, 10) : null,
  };
}

/**
 * Renders a suggested hashtag as a Tag. Its usage history is not kept yet (the hashtags item of
 * issue 15), so `history` is empty rather than invented.
 */
export function presentSuggestedTag(tag: SuggestedTag): Record<string, unknown> {
  return { name: tag.name, url: tag.url, history: [] };
}
