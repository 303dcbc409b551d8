/**
 * Mastodon's cursor pagination over records with their own ids (favourites, bookmarks, reblogs):
 * max_id is "older than", since_id "newer than, newest first", min_id "immediately newer than"
 * (read ascending, then reversed). Pure rules; the query is built in data/.
 */

/** A validated page: exclusive cursors (digits) and a size. */
export interface RecordPage {
  maxId?: string;
  sinceId?: string;
  minId?: string;
  limit: number;
}

/** Raw cursors as they arrive over gRPC: empty means unset, a limit of 0 the default. */
export interface RecordPageInput {
  maxId?: string | undefined;
  sinceId?: string | undefined;
  minId?: string | undefined;
  limit?: number | undefined;
}

const isId = (value: string | undefined): value is string => value !== undefined && /^\d{1,19}$/.test(value);

/**
 * The page a request asks for, with Mastodon's `limit_param` (absent → default, else at most twice
 * the default). A cursor that is not an id is ignored rather than refused: the gateway already
 * validated the parameters, and a stale cursor just means "no bound".
 */
export function recordPage(input: RecordPageInput | undefined, defaultLimit: number): RecordPage {
  const raw = input?.limit ? Math.abs(Math.trunc(input.limit)) : defaultLimit;
  const page: RecordPage = { limit: Math.min(raw, defaultLimit * 2) };
  if (isId(input?.maxId)) page.maxId = input.maxId;
  if (isId(input?.minId)) page.minId = input.minId;
  else if (isId(input?.sinceId)) page.sinceId = input.sinceId;
  return page;
}

/**
 * The Link cursors of a page of record ids (newest first): next only when the page is full, prev
 * whenever it is not empty, as Mastodon's list endpoints do.
 */
export function recordCursors(recordIds: readonly string[], limit: number): { next: string; prev: string } {
  return { next: recordIds.length > 0 && recordIds.length >= limit ? recordIds.at(-1)! : "", prev: recordIds[0] ?? "" };
}
