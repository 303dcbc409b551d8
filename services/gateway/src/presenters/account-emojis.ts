import type { Account } from "@starling/proto/accounts/v1/accounts";
import type { CustomEmoji } from "@starling/proto/statuses/v1/custom_emojis";
import type { RouteContext } from "../http/route.ts";
import { loadCustomEmojis, presentEmojisOf, type EmojiMap, type EmojiRef } from "./custom-emoji.ts";

/** Custom emojis of the accounts of one response, keyed by emojiKey (shortcode and domain). */
export type AccountEmojiMap = EmojiMap;

/** The `:shortcode:`s the profiles of `accounts` use, each of its account's domain; suspended accounts show none. */
export function accountEmojiRefs(accounts: Iterable<Account>): EmojiRef[] {
  return [...accounts].flatMap((account) => (account.suspended ? [] : (account.emojiShortcodes ?? []).map((shortcode) => ({ shortcode, domain: account.domain }))));
}

/**
 * The custom emojis the display names, notes and field values of `accounts` use, with ONE
 * statuses call for the whole response (none when no account uses any). The accounts service
 * stored each profile's `:shortcode:`s; unknown ones are simply absent.
 */
export function loadAccountEmojis(ctx: Pick<RouteContext, "clients" | "viewerToken">, accounts: Iterable<Account>): Promise<Map<string, CustomEmoji>> {
  return loadCustomEmojis(ctx, accountEmojiRefs(accounts));
}

/**
 * The CustomEmoji entities an account's profile uses, in the order the profile uses them (`known`
 * from {@link loadAccountEmojis}; without it, none); a remote profile uses its own server's emojis.
 * They are listed, never rendered into `note`.
 */
export function accountEmojis(account: Pick<Account, "emojiShortcodes" | "domain">, known: AccountEmojiMap | undefined): Record<string, unknown>[] {
  if (!known) return [];
  return presentEmojisOf([...new Set(account.emojiShortcodes ?? [])], account.domain, known);
}
