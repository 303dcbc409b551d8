import { domainToUnicode } from "node:url";
import type { Account, AccountSource, Role } from "@starling/proto/accounts/v1/accounts";
import type { RouteContext } from "../http/route.ts";
import { accountEmojis, loadAccountEmojis, type AccountEmojiMap } from "./account-emojis.ts";
import { isoOrNull } from "./values.ts";

/**
 * Renders Mastodon's Account entity (reference §4.1). `moved` holds the accounts that moved
 * accounts point at (see {@link loadMovedAccounts}); without it `moved` is left out. `emojis` holds
 * the custom emojis the profiles use (see {@link hydrateAccounts}); without it `emojis` is [].
 */
export function presentAccount(account: Account, baseUrl: string, moved?: ReadonlyMap<string, Account>, emojis?: AccountEmojiMap): Record<string, unknown> {
  const missingAvatar = `${baseUrl}/avatars/original/missing.png`;
  const missingHeader = `${baseUrl}/headers/original/missing.png`;
  const suspended = account.suspended;
  const domain = account.domain;
  const local = domain === undefined;
  return {
    id: account.id,
    username: account.username,
    acct: local ? account.username : `${account.username}@${domainToUnicode(domain) || domain}`,
    display_name: suspended ? "" : account.displayName,
    locked: suspended ? false : account.locked,
    bot: suspended ? false : account.bot,
    discoverable: suspended ? false : (account.discoverable ?? null),
    // Mastodon 4.2: whether anyone may find the public posts by full-text search.
    indexable: suspended ? false : account.indexable,
    group: account.group,
    // Mastodon shows only the day an account was created.
    created_at: midnight(account.createdAt),
    note: suspended ? "" : account.note,
    url: account.url ?? null,
    uri: account.uri,
    avatar: (!suspended && account.avatarUrl) || missingAvatar,
    // A GIF's still is a PNG of its first frame; other images are their own still.
    avatar_static: (!suspended && (account.avatarStaticUrl ?? account.avatarUrl)) || missingAvatar,
    header: (!suspended && account.headerUrl) || missingHeader,
    header_static: (!suspended && (account.headerStaticUrl ?? account.headerUrl)) || missingHeader,
    followers_count: account.followersCount,
    following_count: account.followingCount,
    statuses_count: account.statusesCount,
    last_status_at: isoOrNull(account.lastStatusAt)?.slice(0, 10) ?? null,
    ...(local ? { noindex: false } : {}),
    emojis: suspended ? [] : accountEmojis(account, emojis),
    fields: suspended ? [] : account.fields.map((f) => ({ name: f.name, value: f.value, verified_at: f.verifiedAt?.toISOString() ?? null })),
    ...movedMember(account, baseUrl, moved, emojis),
    ...(suspended ? { suspended: true } : {}),
    ...(account.limited ? { limited: true } : {}),
  };
}

// Mastodon shows `moved` only when the target has not moved on itself (no chains).
function movedMember(account: Account, baseUrl: string, moved: ReadonlyMap<string, Account> | undefined, emojis: AccountEmojiMap | undefined): Record<string, unknown> {
  const target = account.movedToAccountId ? moved?.get(account.movedToAccountId) : undefined;
  if (!target || target.movedToAccountId || account.suspended) return {};
  return { moved: presentAccount(target, baseUrl, undefined, emojis) };
}

/** The accounts these accounts moved to, fetched with ONE GetAccounts call (none when nobody moved). */
export async function loadMovedAccounts(ctx: RouteContext, accounts: readonly Account[]): Promise<Map<string, Account>> {
  const ids = [...new Set(accounts.flatMap((a) => (a.movedToAccountId ? [a.movedToAccountId] : [])))];
  if (ids.length === 0) return new Map();
  const { accounts: targets } = await ctx.clients.accounts.getAccounts({ ids }, { viewerToken: ctx.viewerToken });
  return new Map(targets.map((a) => [a.id, a]));
}

/**
 * What rendering `accounts` needs from other calls: the accounts they moved to (one accounts call),
 * then the custom emojis of all of them, targets included (one statuses call).
 */
export async function hydrateAccounts(ctx: RouteContext, accounts: readonly Account[]): Promise<{ moved: Map<string, Account>; emojis: AccountEmojiMap }> {
  const moved = await loadMovedAccounts(ctx, accounts);
  return { moved, emojis: await loadAccountEmojis(ctx, [...accounts, ...moved.values()]) };
}

/** Renders a list of accounts, their `moved` targets and custom emojis hydrated in one call each. */
export async function presentAccounts(ctx: RouteContext, accounts: readonly Account[]): Promise<Record<string, unknown>[]> {
  const { moved, emojis } = await hydrateAccounts(ctx, accounts);
  return accounts.map((a) => presentAccount(a, ctx.baseUrl, moved, emojis));
}

/** Renders CredentialAccount: the Account plus `source` and `role` (reference §4.2). */
export function presentCredentialAccount(account: Account, source: AccountSource | undefined, role: Role | undefined, baseUrl: string, moved?: ReadonlyMap<string, Account>, emojis?: AccountEmojiMap): Record<string, unknown> {
  return {
    ...presentAccount(account, baseUrl, moved, emojis),
    source: {
      privacy: source?.privacy || "public",
      sensitive: source?.sensitive ?? false,
      language: source?.language ?? null,
      note: source?.note ?? "",
      fields: (source?.fields ?? []).map((f) => ({ name: f.name, value: f.value, verified_at: f.verifiedAt?.toISOString() ?? null })),
      follow_requests_count: source?.followRequestsCount ?? 0,
    },
    role: role ? presentRole(role) : { id: "-99", name: "", permissions: "0", color: "", highlighted: false },
  };
}

/** Role (reference §4.4). */
export const presentRole = (role: Role) => ({ id: role.id, name: role.name, permissions: role.permissions, color: role.color, highlighted: role.highlighted });

// The day of `date` at 00:00 UTC: its ISO form's date part (whatever the year's width) and midnight.
function midnight(date: Date | undefined): string | null {
  const iso = isoOrNull(date);
  return iso === null ? null : `${iso.slice(0, iso.indexOf("T"))}T00:00:00.000Z`;
}
