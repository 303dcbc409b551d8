import { join } from "node:path";
import { publicFetch, PublicFetchError } from "@starling/runtime";
import { CARD_IMAGE_BYTES, type CardDetails, type PreviewCardRecord } from "../domain/preview-card.ts";
import { previewCardImageKey } from "../domain/storage-keys.ts";
import { clearFailure, findCardByLink, insertCard, lastFailure, recordFailure } from "../data/preview-cards-queries.ts";
import { renderCardThumbnail } from "../processing/card-image.ts";
import { ProcessingError } from "../processing/run-tool.ts";
import { cardFetchOptions, fetchCardDetails, NoCardError } from "./fetch-card-details.ts";
import type { PreviewCardDeps } from "./preview-card-deps.ts";
import { withWorkDir } from "./work-dir.ts";

/**
 * The preview card of a link: the stored one when the link has one (one card per URL, shared by
 * every status linking it), else fetched now and stored with its thumbnail. Undefined when the link
 * yields no card (error answer, not HTML, no title, private address, timeout) or failed within the
 * retry window: a failure is recorded, never thrown, so an event is not redelivered for it.
 * Database errors do throw.
 */
export async function fetchPreviewCard(deps: PreviewCardDeps, link: string): Promise<PreviewCardRecord | undefined> {
  const existing = await findCardByLink(deps.db, link);
  if (existing) return existing;
  const failedAt = await lastFailure(deps.db, link);
  if (failedAt && deps.now().getTime() - failedAt.getTime() < deps.cards.retryAfterMs) return undefined;
  let details: CardDetails;
  try {
    details = await fetchCardDetails(deps.cards, link);
  } catch (error) {
    if (!(error instanceof PublicFetchError || error instanceof NoCardError)) throw error;
    await recordFailure(deps.db, link, error.message, deps.now());
    return undefined;
  }
  const id = deps.newId();
  const image = details.imageUrl ? await storeCardImage(deps, id, details.imageUrl) : undefined;
  const now = deps.now();
  const { imageUrl, ...shown } = details;
  const card: PreviewCardRecord = { ...shown, id, linkUrl: link, imageRemoteUrl: imageUrl || null, imageKey: image?.key ?? null, blurhash: image?.blurhash ?? null, createdAt: now, updatedAt: now };
  if (!(await insertCard(deps.db, card))) {
    // Another delivery stored this link's card meanwhile: use that one, drop this image.
    if (image) await deps.storage.delete([image.key]);
    return findCardByLink(deps.db, link);
  }
  await clearFailure(deps.db, link);
  return card;
}

/**
 * Downloads a card's image (1 MB at most, as Mastodon) and stores its thumbnail. A missing, oversized
 * or unreadable image leaves the card without one rather than losing the card.
 */
async function storeCardImage(deps: PreviewCardDeps, cardId: string, url: string): Promise<{ key: string; blurhash: string } | undefined> {
  try {
    const response = await publicFetch(url, { ...cardFetchOptions(deps.cards, "image/*"), maxBytes: CARD_IMAGE_BYTES });
    if (response.status !== 200 || response.truncated) return undefined;
    return await withWorkDir(deps.workDir, async (dir) => {
      const thumbnail = await renderCardThumbnail(response.body, (extension) => join(dir, `card-${cardId}.${extension}`));
      const key = previewCardImageKey(cardId, deps.newId(), thumbnail.extension);
      await deps.storage.put(key, thumbnail.path);
      return { key, blurhash: thumbnail.blurhash };
    });
  } catch (error) {
    if (error instanceof PublicFetchError || error instanceof ProcessingError) return undefined;
    throw error;
  }
}
