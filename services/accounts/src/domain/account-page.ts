/**
 * Pagination of account lists (followers, following, follow requests, endorsements), as Mastodon
 * pages them (reference §6.2): max_id and since_id only, newest first, 40 by default and 80 at most.
 * The cursors are ids of the records that put an account on the list, not account ids.
 */

/** Default page size of the account lists. */
export const ACCOUNT_PAGE_DEFAULT = 40;
/** Largest page: twice the default, as Mastodon's `limit_param`. */
export const ACCOUNT_PAGE_MAX = 80;

/** A validated page request; cursors are exclusive bounds, digits only. */
export interface AccountPageQuery {
  maxId?: string;
  sinceId?: string;
  limit: number;
}

/** Raw cursors as they arrive: empty or absent means unset, a limit of 0 means the default. */
export interface AccountPageInput {
  maxId?: string | undefined;
  sinceId?: string | undefined;
  limit?: number | undefined;
}

/** A page of accounts with the cursors of its Link header. */
export interface AccountPage<A> {
  accounts: A[];
  /** max_id for rel="next", when the page was full. */
  next?: string;
  /** since_id for rel="prev", when the page is not empty. */
  prev?: string;
}

/**
 * Validates a page request. A cursor that is not an id is the caller's error, reported through
 * `invalid` so the service can answer INVALID_ARGUMENT.
 */
export function accountPageQuery(input: AccountPageInput | undefined, invalid: (message: string) => Error): AccountPageQuery {
  const limit = input?.limit ? Math.min(Math.abs(Math.trunc(input.limit)), ACCOUNT_PAGE_MAX) : ACCOUNT_PAGE_DEFAULT;
  const query: AccountPageQuery = { limit };
  for (const [name, raw] of [["max_id", input?.maxId], ["since_id", input?.sinceId]] as const) {
    if (!raw) continue;
    // Ids are PostgreSQL bigints: 19 digits at most.
    if (!/^\d{1,19}$/.test(raw)) throw invalid(`${name} must be an id`);
    if (name === "max_id") query.maxId = raw;
    else query.sinceId = raw;
  }
  return query;
}

/**
 * The Link cursors of a page read newest first: `next` only when the page is full (Mastodon's
 * `records_continue?`), `prev` whenever it has items.
 */
export function pageCursors(recordIds: readonly string[], limit: number): { next?: string; prev?: string } {
  if (recordIds.length === 0) return {};
  const cursors: { next?: string; prev?: string } = { prev: recordIds[0]! };
  if (recordIds.length >= limit) cursors.next = recordIds.at(-1)!;
  return cursors;
}
