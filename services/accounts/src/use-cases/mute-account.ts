import { enqueueEvents, outboxEvent } from "@starling/events";
import { invalidArgument, type Viewer } from "@starling/runtime";
import { InvalidMuteDuration, muteExpiry, muteIsLive } from "../domain/mute-duration.ts";
import type { Relationship } from "../domain/relationship.ts";
import { findMute, saveMute } from "../data/mutes-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { relationshipsOf } from "./get-relationships.ts";
import { relationshipTarget } from "./relationship-target.ts";

/** A mute request: `notifications` absent means true (Mastodon); `duration` 0 means no end. */
export interface MuteInput {
  targetAccountId: string;
  notifications?: boolean | undefined;
  duration: string | number;
}

/**
 * Mutes an account, or resets an existing mute's notifications and duration (as Mastodon does on
 * a repeat). A mute that ran out counts as gone, so muting again starts a new one. mute.created is
 * written whenever the mute starts or changes.
 */
export async function muteAccount(deps: AccountsDeps, viewer: Viewer | undefined, input: MuteInput): Promise<Relationship> {
  const now = deps.now();
  let expiresAt: Date | null;
  try {
    expiresAt = muteExpiry(input.duration, now);
  } catch (error) {
    if (error instanceof InvalidMuteDuration) throw invalidArgument(error.message);
    throw error;
  }
  const { accountId, target } = await relationshipTarget(deps, viewer, input.targetAccountId);
  const hideNotifications = input.notifications ?? true;
  const published = await deps.db.transaction(async (trx) => {
    const existing = await findMute(deps.db, accountId, target.id, trx);
    const live = existing && muteIsLive(existing.expiresAt, now) ? existing : undefined;
    const mute = { id: live?.id ?? deps.newId(), accountId, targetAccountId: target.id, hideNotifications, expiresAt, createdAt: live?.createdAt ?? now };
    if (live && live.hideNotifications === hideNotifications && live.expiresAt === null && expiresAt === null) return false;
    await saveMute(deps.db, trx, mute);
    await enqueueEvents(deps.db, trx, [outboxEvent("accounts", "mute.created", accountId, {
      muteId: mute.id,
      accountId,
      targetAccountId: target.id,
      hideNotifications,
      expiresAt: expiresAt ?? undefined,
    })]);
    return true;
  });
  if (published) deps.nudge();
  const [relationship] = await relationshipsOf(deps, accountId, [target.id]);
  return relationship!;
}
