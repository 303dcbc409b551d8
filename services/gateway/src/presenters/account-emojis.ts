import type { Account } from "@starling/proto/accounts/v1/accounts";
import type { CustomEmoji } from "@starling/proto/statuses/v1/custom_emojis";
import type { RouteContext } from "../http/route.ts";
import { presentCustomEmoji } from "./custom-emoji.ts";

/** Custom emojis of the accounts of one response, keyed by {@link emojiKey}. */
export type AccountEmojiMap = ReadonlyMap<string, CustomEmoji>;

/** An emoji's key: its shortcode and its domain ('' for local); a remote profile uses its own server's emojis. */
export const emojiKey = (shortcode: string, domain: string): string => `${shortcode}@${domain.toLowerCase()}`;

/**
 * The custom emojis the display names, notes and field values of `accounts` use, with ONE
 * statuses call for the whole response (none when no account uses any). The accounts service
 * stored each profile's `:shortcode:`s; unknown ones are simply absent.
 */
export async function loadAccountEmojis(ctx: Pick<RouteContext, "clients" | "viewerToken">, accounts: Iterable<Account>): Promise<Map<string, CustomEmoji>> {
  const refs = new Map<string, { shortcode: string; domain: string }>();
  for (const account of accounts) {
    if (account.suspended) continue;
    for (const shortcode of account.emojiShortcodes ?? []) refs.set(emojiKey(shortcode, account.domain), { shortcode, domain: account.domain });
  }
  if (refs.size === 0) return new Map();
  const { emojis } = await ctx.clients.customEmojis.getCustomEmojis({ shortcodes: [], domain: "", refs: [...refs.values()] }, { viewerToken: ctx.viewerToken });
  return new Map(emojis.map((emoji) => [emojiKey(emoji.shortcode, emoji.domain), emoji]));
}

/**
 * The CustomEmoji entities an account's profile uses, in the order the profile uses them (`known`
 * from {@link loadAccountEmojis}; without it, none). They are listed, never rendered into `note`.
 */
export function accountEmojis(account: Pick<Account, "emojiShortcodes" | "domain">, known: AccountEmojiMap | undefined): Record<string, unknown>[] {
  if (!known) return [];
  return [...new Set(account.emojiShortcodes ?? [])].flatMap((shortcode) => {
    const emoji = known.get(emojiKey(shortcode, account.domain));
    return emoji ? [presentCustomEmoji(emoji)] : [];
  });
}
