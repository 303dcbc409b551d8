import { alreadyExists, invalidArgument, permissionDenied, viewerHas, type Viewer } from "@starling/runtime";
import { findEmojiForUpdate, insertEmoji, updateEmoji } from "../data/custom-emojis-queries.ts";
import { validateNewEmoji, type CustomEmoji, type NewCustomEmojiInput } from "../domain/custom-emoji.ts";
import type { StatusesDeps } from "./dependencies.ts";

/** What {@link createCustomEmoji} is asked. */
export interface CreateCustomEmojiInput extends NewCustomEmojiInput {
  /** Replace an emoji of the same shortcode (ignoring case) and domain instead of refusing. */
  overwrite: boolean;
}

const TAKEN = "Validation failed: Shortcode has already been taken";

/**
 * Adds a custom emoji for an Owner or Admin, as tootctl's `emoji import` and the admin API do.
 * A taken shortcode is ALREADY_EXISTS unless `overwrite`, which keeps the emoji's id and creation
 * time and takes everything else from the request.
 */
export async function createCustomEmoji(
  deps: Pick<StatusesDeps, "db" | "newId" | "now">,
  viewer: Viewer | undefined,
  input: CreateCustomEmojiInput,
): Promise<{ emoji: CustomEmoji; created: boolean }> {
  if (!viewerHas(viewer, "manage_custom_emojis")) throw permissionDenied();
  const checked = validateNewEmoji(input);
  if (!checked.ok) throw invalidArgument(checked.error);
  return deps.db.transaction(async (trx) => {
    const now = deps.now();
    const existing = await findEmojiForUpdate(deps.db, trx, checked.emoji.shortcode, checked.emoji.domain);
    if (existing) {
      if (!input.overwrite) throw alreadyExists(TAKEN);
      const emoji: CustomEmoji = { ...existing, ...checked.emoji, updatedAt: now };
      await updateEmoji(deps.db, trx, emoji);
      return { emoji, created: false };
    }
    const emoji: CustomEmoji = { id: deps.newId(), ...checked.emoji, disabled: false, createdAt: now, updatedAt: now };
    // A concurrent import of the same shortcode may have committed since the lookup.
    if (!(await insertEmoji(deps.db, trx, emoji))) throw alreadyExists(TAKEN);
    return { emoji, created: true };
  });
}
