import type { Database, Transaction } from "@starling/db";
import type { KeyValueStore } from "@starling/kv";
import type { Status } from "../domain/status.ts";
import { readThrough } from "../read-models/read-through.ts";
import { readVersionAhead, versionOf } from "../read-models/versions-ahead.ts";
import type { ViewerMark } from "./viewer-states-queries.ts";
import { BoundedMap } from "@starling/runtime";

/**
 * The statuses rows and viewer marks that status pages read, cached in the key-value store (Redis
 * in production, so every replica shares one copy and one invalidation) so that a page read makes
 * no SQL query. This service owns both, so its own writes drop them: every data function that
 * changes a statuses row calls {@link statusRowsChanged}, and every one that changes a viewer's
 * marks calls {@link viewerMarksChanged}. Counts live in the row, so a favourite or a reply drops
 * the row it counts on.
 */
interface PageCache {
  kv: KeyValueStore;
  ttlMs: number;
  /** Rows decoded from their stored JSON, by status id (see {@link decodeStatus}). */
  decoded: Map<string, { stored: string; status: Status }>;
}

// Rows decoded and kept at most, per cache.
const DECODED_MAX = 5_000;

// Keyed by the service's Database, which every data function receives: a Database without a cache
// (tests that compose their own) reads SQL every time, as before.
const caches = new WeakMap<Database, PageCache>();

/** Serves live statuses rows and viewer marks of `db` from `kv` from now on. */
export function cacheStatusPages(db: Database, kv: KeyValueStore, ttlMs: number): void {
  caches.set(db, { kv, ttlMs, decoded: new BoundedMap(DECODED_MAX) });
}

const rowKey = (id: string) => `statuses:row:${id}`;
const marksVersionKey = (accountId: string) => `statuses:marks-version:${accountId}`;

/**
 * Runs `change` once `trx` has committed (or right away without one), and on rollback too, where
 * it is harmless. Dropping a cached value before the commit would let a concurrent read store the
 * old row again; after it, only a read that started before the commit and stores after the drop
 * can, which the TTL bounds (as EntityCopiesOptions.ttlMs explains for the copies).
 */
async function afterCommit(trx: Transaction | undefined, change: () => Promise<unknown>): Promise<void> {
  const run = () => change().then(
    () => undefined,
    () => undefined,
  );
  if (!trx) return run();
  // Registered before the caller's own await on the transaction, so it runs (and sends its command) first.
  void trx.executionPromise.then(run, run);
}

/** Drops the cached rows of `ids` once `trx` commits: their text, counts, card, poll or deletion changed. */
export async function statusRowsChanged(db: Database, trx: Transaction | undefined, ids: readonly string[]): Promise<void> {
  const cache = caches.get(db);
  if (!cache || ids.length === 0) return;
  await afterCommit(trx, () => cache.kv.del(...ids.map(rowKey)));
}

/**
 * Leaves every cached mark of these accounts behind once `trx` commits, by moving each to a new
 * version (as the standings cache does): a mute covers a whole thread, so listing the keys it
 * touches is no option. Marks read before a change and stored after it land under the old version.
 */
export async function viewerMarksChanged(db: Database, trx: Transaction | undefined, accountIds: readonly string[]): Promise<void> {
  const cache = caches.get(db);
  if (!cache || accountIds.length === 0) return;
  await afterCommit(trx, () => Promise.all([...new Set(accountIds)].map((id) => cache.kv.incr(marksVersionKey(id)))));
}

/** Live statuses by id through the cache; `fetch` reads the rows the cache lacks. */
export async function cachedStatusRows(db: Database, ids: readonly string[], fetch: (missing: string[]) => Promise<Status[]>): Promise<Status[]> {
  const cache = caches.get(db);
  if (!cache) return fetch([...ids]);
  const found = await readThrough<Status>(cache.kv, ids, {
    keyOf: rowKey,
    encode: (status) => JSON.stringify(status),
    decode: (stored, id) => decodeStatus(cache, id, stored),
    fetch: async (missing) => new Map((await fetch(missing)).map((status) => [status.id, status])),
    ttlMs: cache.ttlMs,
  });
  return [...found.values()];
}

/** Starts reading `accountId`'s marks version for the read-only call `scope` (see versions-ahead.ts). */
export function readViewerMarksVersionAhead(db: Database, scope: object, accountId: string): void {
  const cache = caches.get(db);
  if (cache) readVersionAhead(cache.kv, scope, marksVersionKey(accountId));
}

/**
 * The marks `accountId` has on `statusIds` through the cache; `fetch` reads those the cache lacks.
 * `scope` is the call, when it read the version ahead.
 */
export async function cachedViewerMarks(
  db: Database,
  accountId: string,
  statusIds: readonly string[],
  fetch: (missing: string[]) => Promise<{ id: string; mark: ViewerMark }[]>,
  scope?: object,
): Promise<{ id: string; mark: ViewerMark }[]> {
  const cache = caches.get(db);
  if (!cache) return fetch([...statusIds]);
  // Read before the marks, so marks fetched across a change are stored under the version it left.
  const version = await versionOf(cache.kv, marksVersionKey(accountId), scope);
  const found = await readThrough<ViewerMark[]>(cache.kv, statusIds, {
    keyOf: (id) => `statuses:marks:${accountId}:${version}:${id}`,
    encode: (marks) => marks.join(","),
    decode: (stored) => (stored === "" ? [] : (stored.split(",") as ViewerMark[])),
    // A status without marks is cached too, as an empty list.
    fetch: async (missing) => {
      const marks = new Map<string, ViewerMark[]>(missing.map((id) => [id, []]));
      for (const { id, mark } of await fetch(missing)) marks.get(id)?.push(mark);
      return marks;
    },
    ttlMs: cache.ttlMs,
  });
  return [...found].flatMap(([id, marks]) => marks.map((mark) => ({ id, mark })));
}

/**
 * The row of `id` stored as `stored`. Parsing a page's rows was the costliest step of a page read,
 * and the same rows are read again and again, so each stored JSON is parsed once: a decoding is
 * reused only for the very JSON it came from (compared whole, which costs far less than hashing it
 * as a key would), so a changed row can never be answered with its old decoding, and the store
 * still says which rows are live. The decoded rows are shared by every caller, so they are frozen:
 * code that would change one fails loudly instead of changing another caller's row.
 */
function decodeStatus(cache: PageCache, id: string, stored: string): Status {
  const known = cache.decoded.get(id);
  if (known?.stored === stored) return known.status;
  // JSON turns the dates into strings; everything else in a Status survives it.
  const status = JSON.parse(stored) as Status;
  status.createdAt = new Date(status.createdAt);
  if (status.editedAt !== null) status.editedAt = new Date(status.editedAt);
  if (status.deletedAt !== null) status.deletedAt = new Date(status.deletedAt);
  deepFreeze(status);
  cache.decoded.set(id, { stored, status });
  return status;
}

function deepFreeze(value: object): void {
  for (const field of Object.values(value)) if (typeof field === "object" && field !== null && !(field instanceof Date)) deepFreeze(field);
  Object.freeze(value);
}
