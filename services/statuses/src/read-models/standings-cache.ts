import type { KeyValueStore } from "@starling/kv";
import { NO_STANDING, type AuthorStanding } from "../domain/read-filters.ts";
import type { AccountsPort, Caller } from "../use-cases/dependencies.ts";
import { readThrough } from "./read-through.ts";
import { readVersionAhead, versionOf } from "./versions-ahead.ts";

/** Viewers' standings towards authors, cached in the key-value store and dropped by relationship events. */
export interface StandingsCache {
  /** The accounts port with its standingsOf answered from the cache where it can be. */
  wrap(accounts: AccountsPort): AccountsPort;
  /** Drops every cached standing of `accountId` (as viewer), after a relationship of theirs changed. */
  forgetViewer(accountId: string): Promise<void>;
  /** Starts reading the caller's version for a read-only call (see versions-ahead.ts). */
  readAhead(caller: Caller): void;
}

/**
 * Standings under a per-viewer version: a relationship event bumps the version of both accounts it
 * involves (a domain block, the blocker's), so every cached standing of that viewer is left behind
 * at once, without listing keys. Old versions just expire. A standing fetched before a change and
 * stored after its event lands under the old version and is never read.
 */
export function standingsCache(kv: KeyValueStore, ttlMs: number): StandingsCache {
  const versionKey = (viewer: string) => `statuses:standings-version:${viewer}`;
  return {
    wrap(accounts) {
      return {
        ...accounts,
        async standingsOf(authorIds: readonly string[], caller: Caller) {
          const viewer = caller.accountId;
          if (!viewer || authorIds.length === 0) return accounts.standingsOf(authorIds, caller);
          const version = await versionOf(kv, versionKey(viewer), caller);
          return readThrough(kv, authorIds, {
            keyOf: (author) => `statuses:standing:${viewer}:${version}:${author}`,
            encode: (standing) => JSON.stringify(standing),
            decode: (stored) => JSON.parse(stored) as AuthorStanding,
            // An author the viewer has no relation with is cached too, as NO_STANDING.
            fetch: async (missing) => {
              const fetched = await accounts.standingsOf(missing, caller);
              return new Map(missing.map((author) => [author, fetched.get(author) ?? NO_STANDING]));
            },
            ttlMs,
          });
        },
      };
    },
    readAhead(caller) {
      if (caller.accountId) readVersionAhead(kv, caller, versionKey(caller.accountId));
    },
    async forgetViewer(accountId) {
      // The version never expires: were it to restart at 0 while standings of version 0 were still
      // cached, they would be read again.
      await kv.incr(versionKey(accountId));
    },
  };
}
