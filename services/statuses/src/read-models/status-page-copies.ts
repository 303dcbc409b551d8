import type { KeyValueStore } from "@starling/kv";
import type { AsyncClient } from "@starling/runtime";
import { Account, type AccountsServiceClient } from "@starling/proto/accounts/v1/accounts";
import { MediaAttachment, type MediaServiceClient } from "@starling/proto/media/v1/media";
import { PreviewCard, type PreviewCardsServiceClient } from "@starling/proto/media/v1/preview_cards";
import { entityCopies, type EntityCopies } from "./entity-copies.ts";
import { standingsCache, type StandingsCache } from "./standings-cache.ts";

/** The other services' data a status page needs, as copies kept fresh by their events. */
export interface StatusPageCopies {
  accounts: EntityCopies<Account>;
  media: EntityCopies<MediaAttachment>;
  cards: EntityCopies<PreviewCard>;
  /** Viewers' standings towards authors, for the visibility filter. */
  standings: StandingsCache;
}

/** The owners the copies are fetched from on a miss. */
export interface CopySources {
  accounts: AsyncClient<AccountsServiceClient>;
  media: AsyncClient<MediaServiceClient>;
  cards: AsyncClient<PreviewCardsServiceClient>;
}

/**
 * Account, media and preview-card copies in `kv`. None of these fetches needs a viewer: the owners
 * answer them the same for everyone, which is what makes the copies shareable. Standings are the
 * viewer's own, cached per viewer.
 */
export function statusPageCopies(kv: KeyValueStore, sources: CopySources, ttlMs: number): StatusPageCopies {
  const byId = (entity: { id: string }) => entity.id;
  return {
    accounts: entityCopies<Account>({ kv, ttlMs, prefix: "statuses:copy:account:", codec: Account, idOf: byId, fetch: async (ids) => (await sources.accounts.getAccounts({ ids })).accounts }),
    media: entityCopies<MediaAttachment>({ kv, ttlMs, prefix: "statuses:copy:media:", codec: MediaAttachment, idOf: byId, fetch: async (ids) => (await sources.media.getMedia({ ids })).media }),
    cards: entityCopies<PreviewCard>({ kv, ttlMs, prefix: "statuses:copy:card:", codec: PreviewCard, idOf: byId, fetch: async (ids) => (await sources.cards.getPreviewCards({ ids })).cards }),
    standings: standingsCache(kv, ttlMs),
  };
}
