/**
 * Viewers' filters compiled for status pages. The copy in filter_copies is replaced by each
 * filters.changed; each replica keeps the compiled matcher of recent viewers in memory under the
 * copy's version, so a page costs one primary-key read of that version, and the filters are
 * compiled again only after they changed (never per status or per page).
 */
import type { Database } from "@starling/db";
import { Filter } from "@starling/proto/timelines/v1/filters";
import { compileFilters, type CompiledFilter } from "../domain/filter-matcher.ts";
import { filterCopy, filterCopyVersion } from "../data/filter-copies-queries.ts";

/** A viewer's compiled filters; none for a viewer who never had any. */
export interface ViewerFilters {
  of(accountId: string): Promise<CompiledFilter[]>;
}

/** Compiled filters of at most `capacity` recent viewers per replica (least recently used go first). */
export function viewerFilters(db: Database, capacity = 10_000): ViewerFilters {
  const compiled = new Map<string, { version: number; filters: CompiledFilter[] }>();
  const remember = (accountId: string, entry: { version: number; filters: CompiledFilter[] }) => {
    compiled.delete(accountId);
    compiled.set(accountId, entry);
    if (compiled.size > capacity) compiled.delete(compiled.keys().next().value!);
    return entry.filters;
  };
  return {
    async of(accountId) {
      const version = await filterCopyVersion(db, accountId);
      if (version === undefined) return [];
      const cached = compiled.get(accountId);
      if (cached?.version === version) return remember(accountId, cached);
      const copy = await filterCopy(db, accountId);
      if (!copy) return [];
      return remember(accountId, { version: copy.version, filters: compileFilters(copy.filters.map((json) => Filter.fromJSON(json))) });
    },
  };
}
