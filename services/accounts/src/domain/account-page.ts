/**
 * Pagination of account lists (followers, following, follow requests, endorsements, blocks,
 * mutes), as Mastodon pages them (reference §6.2): newest record first, 40 by default and 80 at
 * most. The cursors are ids of the records that put an account on the list, not account ids.
 */
import type { PageCursors, PageLimits } from "@starling/paging";

/** Sizes of the account lists. */
export const ACCOUNT_PAGE_LIMITS: PageLimits = { default: 40, max: 80 };

/** A page of accounts with the cursors of its Link header. */
export interface AccountPage<A> extends PageCursors {
  accounts: A[];
}
