/**
 * The one way filters change: every change runs in one transaction that bumps the owner's filter
 * version (serializing the owner's changes) and writes ONE filters.changed event carrying all of
 * the owner's filters as they now stand, however many keywords the change touched. The statuses
 * service compiles its matcher from that event once per change; timelines streams filters_changed.
 */
import type { Transaction } from "@starling/db";
import { enqueueEvents, outboxEvent } from "@starling/events";
import { isId } from "@starling/paging";
import { notFound } from "@starling/runtime";
import type { Filter, FilterFields } from "../domain/filter.ts";
import { bumpFilterVersion, filtersOf, ownedFilter } from "../data/filters-queries.ts";
import type { ListsDeps } from "./lists-deps.ts";

/** Filters need what lists need: the database, the relay, new ids and the time. */
export type FiltersDeps = ListsDeps;

/** Runs `change` for `ownerId` and records it as one filters.changed event; resolves what `change` did. */
export async function changeFilters<T>(deps: FiltersDeps, ownerId: string, change: (trx: Transaction) => Promise<T>): Promise<T> {
  const result = await deps.db.transaction(async (trx) => {
    const version = await bumpFilterVersion(deps.db, trx, ownerId);
    const done = await change(trx);
    const filters = await filtersOf(deps.db, ownerId, trx);
    await enqueueEvents(deps.db, trx, [outboxEvent("timelines", "filters.changed", ownerId, { accountId: ownerId, version, filters })]);
    return done;
  });
  deps.nudgeRelay();
  return result;
}

/** The owner's filter's own fields, or NOT_FOUND: another account's filter is answered as if it did not exist. */
export async function requireOwnedFilter(deps: FiltersDeps, ownerId: string, filterId: string, trx?: Transaction): Promise<FilterFields> {
  const filter = isId(filterId) ? await ownedFilter(deps.db, ownerId, filterId, trx) : undefined;
  if (!filter) throw notFound();
  return filter;
}

/** The owner's filter with its keywords and posts, or NOT_FOUND. */
export async function requireFullFilter(deps: FiltersDeps, ownerId: string, filterId: string, trx?: Transaction): Promise<Filter> {
  const filter = isId(filterId) ? (await filtersOf(deps.db, ownerId, trx)).find((f) => f.id === filterId) : undefined;
  if (!filter) throw notFound();
  return filter;
}
