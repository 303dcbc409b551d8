/**
 * Mastodon's reblog de-duplication in home feeds (FeedManager::REBLOG_FALLOFF): a reblog does not
 * enter a feed whose newest entries already hold the reblogged status or another reblog of it, so
 * one status boosted by many followed accounts shows once.
 */

/** How many of a feed's newest entries are checked. */
export const REBLOG_FALLOFF = 40;

/**
 * The receivers whose feed top (newest first, at most {@link REBLOG_FALLOFF} ids) holds neither
 * the original nor any of `copies` (the known reblogs of it).
 */
export function receiversWithoutRecentCopy(tops: ReadonlyMap<string, readonly string[]>, originalId: string, copies: ReadonlySet<string>): string[] {
  return [...tops].filter(([, top]) => !top.slice(0, REBLOG_FALLOFF).some((id) => id === originalId || copies.has(id))).map(([receiver]) => receiver);
}
