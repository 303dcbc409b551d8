import { invalidArgument } from "@starling/runtime";
import { findEmojiForUpdate, insertEmoji, updateEmoji } from "../data/custom-emojis-queries.ts";
import { REMOTE_DOMAIN_PATTERN, storableRemoteEmojis, type CustomEmoji, type RemoteEmojiInput } from "../domain/custom-emoji.ts";
import type { StatusesDeps } from "./dependencies.ts";

/**
 * Stores the custom emojis a remote server's Emoji tags name, under that server's domain, as
 * Mastodon keeps remote emojis: a new shortcode is added, a known one takes the tag's image when
 * the URL changed, and an unchanged one is left as it is (so repeats of one delivery change
 * nothing). An emoji disabled here stays disabled. Answers the domain's emojis as stored now.
 */
export async function upsertRemoteEmojis(deps: Pick<StatusesDeps, "db" | "newId" | "now">, domainInput: string, emojis: readonly RemoteEmojiInput[]): Promise<CustomEmoji[]> {
  const domain = domainInput.trim().toLowerCase();
  if (!REMOTE_DOMAIN_PATTERN.test(domain)) throw invalidArgument("domain must name the remote server the emojis come from");
  // Sorted, so that two deliveries naming the same emojis lock their rows in the same order.
  const wanted = storableRemoteEmojis(emojis).sort((a, b) => a.shortcode.toLowerCase().localeCompare(b.shortcode.toLowerCase()));
  if (wanted.length === 0) return [];
  return deps.db.transaction(async (trx) => {
    const stored: CustomEmoji[] = [];
    for (const emoji of wanted) {
      const existing = await findEmojiForUpdate(deps.db, trx, emoji.shortcode, domain);
      if (existing) {
        if (existing.url === emoji.url) {
          stored.push(existing);
          continue;
        }
        const refreshed: CustomEmoji = { ...existing, url: emoji.url, staticUrl: emoji.url, updatedAt: emoji.updatedAt ?? deps.now() };
        await updateEmoji(deps.db, trx, refreshed);
        stored.push(refreshed);
        continue;
      }
      const now = deps.now();
      const created: CustomEmoji = {
        id: deps.newId(), shortcode: emoji.shortcode, domain, url: emoji.url, staticUrl: emoji.url,
        category: null, visibleInPicker: true, disabled: false, createdAt: now, updatedAt: emoji.updatedAt ?? now,
      };
      if (await insertEmoji(deps.db, trx, created)) stored.push(created);
      else {
        // A concurrent delivery of the same server stored it first; its copy stands.
        const raced = await findEmojiForUpdate(deps.db, trx, emoji.shortcode, domain);
        if (raced) stored.push(raced);
      }
    }
    return stored;
  });
}
