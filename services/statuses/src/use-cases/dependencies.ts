import type { Database } from "@starling/db";
import type { AuthorStanding } from "../domain/read-filters.ts";
import type { StatusPageCopies } from "../read-models/status-page-copies.ts";
import type { ViewerFilters } from "../read-models/viewer-filters.ts";

/**
 * What the statuses service asks the accounts service. The use cases depend on this port; the gRPC
 * adapter is src/clients/accounts-directory.ts.
 */
export interface AccountsPort {
  /** Usernames of the accounts with these ids; unknown ids are missing from the map. */
  usernames(accountIds: readonly string[], caller: Caller): Promise<Map<string, string>>;
  /**
   * How the signed-in caller stands towards each of `accountIds` (follows, blocks both ways, mutes,
   * domain blocks), in one call; empty for anonymous callers.
   */
  standingsOf(accountIds: readonly string[], caller: Caller): Promise<Map<string, AuthorStanding>>;
  /**
   * The accounts that mentions name (`user` or `user@domain`), in one call, keyed by the address
   * in lower case; unknown and suspended accounts are missing from the map.
   */
  mentionable(accts: readonly string[], caller: Caller): Promise<Map<string, MentionedAccount>>;
  /** The caller's posting defaults: visibility, language ("" for none) and interface locale ("" for none). */
  postingDefaults(caller: Caller): Promise<PostingDefaults>;
}

/** An account a status can mention. */
export interface MentionedAccount {
  id: string;
  /** Its profile page, where the mention links. */
  url: string;
}

/** What a new status falls back to when the client leaves visibility or language out. */
export interface PostingDefaults {
  visibility: string;
  language?: string | undefined;
  interfaceLocale?: string | undefined;
}

/** What the statuses service asks the media service (adapter: src/clients/media-attacher.ts). */
export interface MediaPort {
  /**
   * Attaches uploads of `accountId` to `statusId` in this order, or refuses with a ServiceError
   * (not the account's, already attached elsewhere, not processed, too many) and attaches nothing.
   */
  attach(statusId: string, accountId: string, mediaIds: readonly string[], caller: Caller): Promise<void>;
  /**
   * Keeps `accountId`'s uploads for a scheduled status until `until` (so the media service's orphan
   * cleanup leaves them), refusing with INVALID_ARGUMENT unless every one exists, is the account's
   * and is not attached yet; the status attaches them when it is posted.
   */
  reserve(accountId: string, mediaIds: readonly string[], until: Date, caller: Caller): Promise<void>;
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
  /** Copies of the accounts, media and preview cards that status pages show. */
  copies: StatusPageCopies;
  /** Viewers' filters, compiled, which status pages apply. */
  filters: ViewerFilters;
  /** Publishes committed outbox rows now rather than at the next poll. */
  relay: { nudge(): void };
  newId: () => string;
  /** `https://example.org`: the base of status URIs and URLs. */
  baseUrl: string;
  now: () => Date;
  /** Shortest poll in seconds; Mastodon's five minutes unless a test setting lowers it. */
  pollMinExpirationSeconds?: number;
}
