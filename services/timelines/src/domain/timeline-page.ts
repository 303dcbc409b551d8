import type { PageLimits } from "@starling/paging";

/** Sizes of timeline pages: Mastodon's 20 statuses by default, 40 at most. */
export const TIMELINE_PAGE_LIMITS: PageLimits = { default: 20, max: 40 };
