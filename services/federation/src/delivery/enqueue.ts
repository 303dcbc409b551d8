import { refusedHosts } from "../data/instance-blocks-queries.ts";
import { insertDeliveries } from "./deliveries-queries.ts";
import type { DeliveryDeps } from "./deps.ts";
import { publishJobs } from "./jobs.ts";

/** One activity to send to some inboxes. */
export interface DeliveryRequest {
  senderAccountId: string;
  activityId: string;
  activityType: string;
  /** The compact JSON-LD activity, posted as it is. */
  activity: unknown;
  inboxes: string[];
  /** Collection-Synchronization headers by inbox (as given in `inboxes`), for the deliveries that carry one. */
  synchronization?: ReadonlyMap<string, string>;
}

/** The inbox as a URL worth keeping, or undefined: only http(s) URLs are delivered to. */
function inboxUrl(inbox: string): URL | undefined {
  try {
    const url = new URL(inbox);
    return url.protocol === "https:" || url.protocol === "http:" ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Queues the activity for each inbox of a server federation does not refuse: one row per (activity, inbox) — asking again for a pair already
 * queued changes nothing — then sends a job message per new row, keyed by the inbox host, so a
 * worker starts at once. The rows are the truth: a job message lost on the way is sent again by the
 * scheduler, so a bus failure here is logged, not thrown.
 */
export async function enqueueDeliveries(deps: DeliveryDeps, input: DeliveryRequest): Promise<void> {
  const inboxes = new Map<string, { url: URL; synchronization: string | undefined }>();
  for (const inbox of input.inboxes) {
    const url = inboxUrl(inbox);
    if (url) inboxes.set(url.href, { url, synchronization: input.synchronization?.get(inbox) });
    else deps.logger?.warn({ inbox, activityId: input.activityId }, "not an http(s) inbox; not delivered");
  }
  // Suspended servers (and, in limited-federation mode, servers not allowed) get nothing.
  const refused = await refusedHosts(deps.db, [...inboxes.values()].map(({ url }) => url.host), deps.limitedFederation ?? false);
  for (const [href, { url }] of inboxes) if (refused.has(url.host)) inboxes.delete(href);
  if (inboxes.size === 0) return;
  const now = deps.now();
  const created = await insertDeliveries(deps.db, {
    activity: { activityId: input.activityId, senderAccountId: input.senderAccountId, activityType: input.activityType, body: JSON.stringify(input.activity) },
    rows: [...inboxes.values()].map(({ url, synchronization }) => ({ id: deps.newId(), inbox: url.href, host: url.host, collectionSynchronization: synchronization })),
    now,
  });
  await publishJobs(deps.bus, created).catch((error: unknown) =>
    deps.logger?.warn({ err: error instanceof Error ? error.message : String(error), activityId: input.activityId }, "delivery jobs not published; the scheduler will send them"),
  );
}
