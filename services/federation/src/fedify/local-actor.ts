import type { Context } from "@fedify/fedify";
import type { Account } from "@starling/proto/accounts/v1/accounts";
import type { CustomEmoji } from "@starling/proto/statuses/v1/custom_emojis";
import { actorDocument, type Migration } from "./actor-document.ts";
import type { FederationContextData } from "./federation.ts";

/**
 * The actor document of a local account, as served and as sent in Update: with its key pairs, the
 * aliases it declared (alsoKnownAs, which servers check before honouring a Move to it) and, once
 * it moved, the actor it moved to (movedTo, which servers check a Move from it against).
 */
export async function localActorDocument(ctx: Context<FederationContextData>, account: Account) {
  const [keys, migration, emojis] = await Promise.all([ctx.getActorKeyPairs(account.username), migrationOf(ctx.data, account), profileEmojisOf(ctx.data, account)]);
  const keysAdvertised = { publicKey: keys[0]?.cryptographicKey ?? null, assertionMethods: keys.map((k) => k.multikey) };
  return actorDocument(account, ctx.getActorUri(account.username), ctx.canonicalOrigin, keysAdvertised, migration, emojis);
}

// The local custom emojis the profile uses, tagged as Mastodon tags them; none asked for when it uses none.
async function profileEmojisOf(data: FederationContextData, account: Account): Promise<CustomEmoji[]> {
  const shortcodes = [...new Set(account.emojiShortcodes)];
  if (account.suspended || shortcodes.length === 0) return [];
  return (await data.customEmojis.getCustomEmojis({ shortcodes, refs: [] })).emojis;
}

// A suspended account shows neither, so nothing is asked for it.
async function migrationOf(data: FederationContextData, account: Account): Promise<Migration> {
  if (account.suspended) return { aliases: [], movedTo: null };
  const [{ uris }, target] = await Promise.all([
    data.federatedAccounts.listAccountAliases({ accountId: account.id }),
    account.movedToAccountId ? data.accounts.getAccounts({ ids: [account.movedToAccountId] }).then(({ accounts }) => accounts[0]) : undefined,
  ]);
  return { aliases: uris.map((uri) => new URL(uri)), movedTo: target ? new URL(target.uri) : null };
}
