import type { Database } from "@starling/db";

/**
 * What the statuses service asks the accounts service. The use cases depend on this port; the gRPC
 * adapter is src/grpc/accounts-directory.ts.
 */
export interface AccountsPort {
  /** Usernames of the accounts with these ids; unknown ids are missing from the map. */
  usernames(accountIds: readonly string[], caller: Caller): Promise<Map<string, string>>;
  /** Of `accountIds`, those the caller follows (one call for all of them). */
  followedByCaller(accountIds: readonly string[], caller: Caller): Promise<Set<string>>;
}

/** What the statuses service asks the media service (adapter: src/grpc/media-attacher.ts). */
export interface MediaPort {
  /**
   * Attaches uploads of `accountId` to `statusId` in this order, or refuses with a ServiceError
   * (not the account's, already attached elsewhere, not processed, too many) and attaches nothing.
   */
  attach(statusId: string, accountId: string, mediaIds: readonly string[], caller: Caller): Promise<void>;
}

/** Who is calling, as the use cases need it. */
export interface Caller {
  /** The viewer's account; absent for anonymous and app-only calls. */
  accountId: string | undefined;
  /** The signed viewer to forward on calls to other services. */
  viewerToken: string | undefined;
}

/** Everything the use cases are composed with. */
export interface StatusesDeps {
  db: Database;
  accounts: AccountsPort;
  media: MediaPort;
  /** Publishes committed outbox rows now rather than at the next poll. */
  relay: { nudge(): void };
  newId: () => string;
  /** `https://example.org`: the base of status URIs and URLs. */
  baseUrl: string;
  now: () => Date;
}
