import type { Database } from "@starling/db";
import type { Logger, Viewer } from "@starling/runtime";
import type { TrendsClients } from "../clients/trends-clients.ts";
import type { TrendSettings } from "../domain/trend-rules.ts";

/** What the trends service's use cases (trends, search, directory, suggestions) run with. */
export interface TrendsDeps {
  db: Database;
  clients: TrendsClients;
  newId: () => string;
  now: () => Date;
  /** Wakes the outbox relay after a commit that wrote events. */
  nudgeRelay: () => void;
  /** Trend settings: enabled, trendable by default, thresholds. */
  settings: TrendSettings;
  logger: Logger;
}

/** The caller of an RPC: the viewer the gateway signed, and the token to forward to other services. */
export interface Caller {
  viewer: Viewer | undefined;
  viewerToken: string | undefined;
}
