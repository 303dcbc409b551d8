import type { Account } from "@starling/proto/accounts/v1/accounts";
import type { MutedAccount } from "@starling/proto/accounts/v1/relationships";
import type { AccountEmojiMap } from "./account-emojis.ts";
import { presentAccount } from "./account.ts";
import { isoOrNull } from "./values.ts";

/** Renders Mastodon's MutedAccount: the Account plus `mute_expires_at` (reference §4.3); `moved` and `emojis` as for {@link presentAccount}. */
export function presentMutedAccount(muted: MutedAccount, baseUrl: string, moved?: ReadonlyMap<string, Account>, emojis?: AccountEmojiMap): Record<string, unknown> {
  return { ...presentAccount(muted.account!, baseUrl, moved, emojis), mute_expires_at: isoOrNull(muted.expiresAt) };
}
