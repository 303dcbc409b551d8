/**
 * Viewers' filters compiled for status pages. The copy in filter_copies is replaced by each
 * filters.changed, and its version then written to the key-value store; each replica keeps the
 * compiled matchers of recent viewers in memory under that version. A page reads the version from
 * the store (read ahead with the statuses rows, as the standings' and marks' versions), so it
 * costs no database read, and filters are compiled again only after they changed, never per
 * status or per page. A version missing from the store (a viewer never seen, or a store that lost
 * its keys) is read from the database and put back only if still absent, so it never overwrites a
 * newer one the consumer wrote meanwhile.
 */
import type { Database } from "@starling/db";
import type { KeyValueStore } from "@starling/kv";
import { Filter } from "@starling/proto/timelines/v1/filters";
import { compileFilters, type CompiledFilter } from "../domain/filter-matcher.ts";
import { filterCopy, filterCopyVersion, storeFilterCopy } from "../data/filter-copies-queries.ts";
import type { Caller } from "../use-cases/dependencies.ts";
import { readVersionAhead, storedVersionOf } from "./versions-ahead.ts";
import { BoundedMap } from "@starling/runtime";

/** A viewer's compiled filters; none for a viewer who never had any. */
export interface ViewerFilters {
  /** The caller's (none for an anonymous one); `caller` is the call's own object, which keys what was read ahead. */
  of(caller: Caller): Promise<CompiledFilter[]>;
  /** Stores a published set of an account's filters unless the copy is newer (the consumer's one write). */
  replace(accountId: string, version: number, filters: Filter[]): Promise<void>;
  /** Starts reading the caller's filters version for a read-only call (see versions-ahead.ts). */
  readAhead(caller: Caller): void;
}

const versionKey = (accountId: string) => `statuses:filters-version:${accountId}`;
// Versions may expire (the database holds the truth and a missing one is read back from it), so
// viewers who stopped reading leave no key behind.
const VERSION_TTL_MS = 24 * 60 * 60_000;

/** Compiled filters of at most `capacity` recent viewers per replica (least recently used go first). */
export function viewerFilters(db: Database, kv: KeyValueStore, capacity = 10_000): ViewerFilters {
  const compiled = new BoundedMap<string, { version: number; filters: CompiledFilter[] }>(capacity);
  const remember = (accountId: string, entry: { version: number; filters: CompiledFilter[] }) => {
    compiled.delete(accountId);
    compiled.set(accountId, entry);
    return entry.filters;
  };
  const currentVersion = async (accountId: string, caller: Caller): Promise<number> => {
    const stored = await storedVersionOf(kv, versionKey(accountId), caller);
    if (stored !== null) return Number(stored);
    const version = (await filterCopyVersion(db, accountId)) ?? 0;
    await kv.setIfAbsent(versionKey(accountId), String(version), { ttlMs: VERSION_TTL_MS });
    return version;
  };
  return {
    async of(caller) {
      const accountId = caller.accountId;
      if (!accountId) return [];
      const version = await currentVersion(accountId, caller);
      if (version === 0) return [];
      const cached = compiled.get(accountId);
      if (cached && cached.version >= version) return remember(accountId, cached);
      const copy = await filterCopy(db, accountId);
      if (!copy) return [];
      return remember(accountId, { version: copy.version, filters: compileFilters(copy.filters.map((json) => Filter.fromJSON(json))) });
    },
    async replace(accountId, version, filters) {
      await storeFilterCopy(db, accountId, version, filters.map((f) => Filter.toJSON(f)));
      // The copy's version after the write, which an older event leaves as it was.
      await kv.set(versionKey(accountId), String((await filterCopyVersion(db, accountId)) ?? version), { ttlMs: VERSION_TTL_MS });
    },
    readAhead(caller) {
      if (caller.accountId) readVersionAhead(kv, caller, versionKey(caller.accountId));
    },
  };
}
