import type { PreviewCardRecord } from "../domain/preview-card.ts";
import { findCards } from "../data/preview-cards-queries.ts";
import type { MediaDeps } from "./deps.ts";

/** Cards by id in request order, unknown ids left out; cards are public, so there is no viewer check. */
export async function getPreviewCards(deps: Pick<MediaDeps, "db">, ids: readonly string[]): Promise<PreviewCardRecord[]> {
  const byId = new Map((await findCards(deps.db, [...new Set(ids)])).map((card) => [card.id, card]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
