import type { KeyValueStore } from "@starling/kv";
import { NO_STANDING, type AuthorStanding } from "../domain/read-filters.ts";
import type { AccountsPort, Caller } from "../use-cases/dependencies.ts";

/** Viewers' standings towards authors, cached in the key-value store and dropped by relationship events. */
export interface StandingsCache {
  /** The accounts port with its standingsOf answered from the cache where it can be. */
  wrap(accounts: AccountsPort): AccountsPort;
  /** Drops every cached standing of `accountId` (as viewer), after a relationship of theirs changed. */
  forgetViewer(accountId: string): Promise<void>;
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
          const version = (await kv.get(versionKey(viewer))) ?? "0";
          const key = (author: string) => `statuses:standing:${viewer}:${version}:${author}`;
          const wanted = [...new Set(authorIds)];
          const cached = await Promise.all(wanted.map((author) => kv.get(key(author))));
          const found = new Map<string, AuthorStanding>();
          const missing = wanted.filter((author, i) => {
            const value = cached[i];
            if (value) found.set(author, JSON.parse(value) as AuthorStanding);
            return !value;
          });
          if (missing.length === 0) return found;
          const fetched = await accounts.standingsOf(missing, caller);
          await Promise.all(
            missing.map((author) => {
              const standing = fetched.get(author) ?? NO_STANDING;
              found.set(author, standing);
              return kv.set(key(author), JSON.stringify(standing), { ttlMs });
            }),
          );
          return found;
        },
      };
    },
    async forgetViewer(accountId) {
      // The version never expires: were it to restart at 0 while standings of version 0 were still
      // cached, they would be read again.
      await kv.incr(versionKey(accountId));
    },
  };
}
