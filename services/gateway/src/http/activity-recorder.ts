import type { Viewer } from "@starling/runtime";
import type { Clients } from "../clients/gateway-clients.ts";
import { BoundedMap } from "@starling/runtime";

const EVERY_MS = 60_000;
const MAX_TRACKED = 100_000;

/**
 * Tells the accounts service that a user is active (an API request, an open stream), at most once a
 * minute per account from this replica: notification e-mails go only to users who are away, and
 * the cost stays one small call a minute per active user. A failed call is not retried: the next
 * minute's call stands in for it.
 */
export class ActivityRecorder {
  private readonly clients: Clients;
  private readonly last = new BoundedMap<string, number>(MAX_TRACKED);

  constructor(clients: Clients) {
    this.clients = clients;
  }

  /** Notes activity of the viewer's account; `viewerToken` is the viewer signed for services, or signs it when a call is due. */
  touch(viewer: Viewer, viewerToken: string | (() => Promise<string>)): void {
    if (!viewer.accountId) return;
    const now = Date.now();
    if (now - (this.last.get(viewer.accountId) ?? 0) < EVERY_MS) return;
    this.last.set(viewer.accountId, now);
    const signed = typeof viewerToken === "string" ? Promise.resolve(viewerToken) : viewerToken();
    signed.then((token) => this.clients.push.recordActivity({}, { viewerToken: token })).catch(() => undefined);
  }
}
