import { consumeEvents, TOPICS, type EventBus, type EventHandlers, type Subscription } from "@starling/events";
import type { ViewerFilters } from "./viewer-filters.ts";

/** Consumer group keeping the copies of accounts' filters that status pages apply. */
export const FILTER_COPIES_GROUP = "statuses.filter-copies";

// Idempotent by version: a redelivered or older event leaves a newer copy as it is, so no inbox row.
const handlers: EventHandlers<ViewerFilters> = {
  "filters.changed": (p, _e, filters) => filters.replace(p.accountId, p.version, p.filters),
};

/** Subscribes to the timelines topic from its beginning: the copy must hold every account's filters. */
export function startFilterCopiesConsumer(bus: EventBus, filters: ViewerFilters): Promise<Subscription> {
  return consumeEvents(bus, { topics: [TOPICS.timelines], group: FILTER_COPIES_GROUP, fromBeginning: true, handlers, context: () => filters });
}
