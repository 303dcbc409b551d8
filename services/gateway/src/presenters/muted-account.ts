import type { MutedAccount } from "@starling/proto/accounts/v1/relationships";
import { presentAccount } from "./account.ts";
import { isoOrNull } from "./values.ts";

/** Renders Mastodon's MutedAccount: the Account plus `mute_expires_at` (reference §4.3). */
export function presentMutedAccount(muted: MutedAccount, baseUrl: string): Record<string, unknown> {
  return { ...presentAccount(muted.account!, baseUrl), mute_expires_at: isoOrNull(muted.expiresAt) };
}
