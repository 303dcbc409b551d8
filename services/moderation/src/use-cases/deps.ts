import type { Database } from "@starling/db";
import type { PrivateAddressPolicy, Viewer } from "@starling/runtime";
import type { ModerationClients } from "../clients/moderation-clients.ts";

/** What the moderation use cases run with. */
export interface ModerationDeps {
  db: Database;
  clients: ModerationClients;
  newId: () => string;
  now: () => Date;
  /** Wakes the outbox relay after a commit that wrote events. */
  nudgeRelay: () => void;
  /** How long after a strike its appeal is accepted, in milliseconds. */
  appealWindowMs: number;
  /** This server's public URL, for the links of announcements' hashtags. */
  baseUrl: string;
  /** This server's domain, which the dashboard names where counters say "here". */
  localDomain: string;
  /** Whether webhook URLs may be loopback or private addresses (tests on 127.0.0.1 only). */
  allowPrivateAddresses: PrivateAddressPolicy;
  /** Wakes the webhook delivery worker after deliveries were queued. */
  nudgeWebhooks: () => void;
}

/** The caller of an RPC: the viewer the gateway signed, and the token to forward to other services. */
export interface Caller {
  viewer: Viewer | undefined;
  viewerToken: string | undefined;
}
