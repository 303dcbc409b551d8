import { invalidArgument } from "@starling/runtime";
import type { Account } from "./account.ts";

/** A remote actor as the federation service read it, to be stored as this server's copy. */
export interface RemoteProfile {
  uri: string;
  username: string;
  domain: string;
  displayName: string;
  /** HTML, sanitized by the caller. */
  note: string;
  url?: string;
  locked: boolean;
  bot: boolean;
  discoverable: boolean | null;
  /** The actor's toot:indexable (false when it does not say). */
  indexable: boolean;
  group: boolean;
  /** The actor's `published`, when it has one. */
  createdAt: Date | null;
  avatarUrl?: string;
  headerUrl?: string;
  /** Values are HTML, sanitized by the caller. */
  fields: { name: string; value: string }[];
  /** Absent when the actor has not moved (or moved to an account unknown here). */
  movedToAccountId?: string;
  alsoKnownAs: string[];
  emojiShortcodes: string[];
  followersCount: number;
  followingCount: number;
  statusesCount: number;
}

/** INVALID_ARGUMENT unless the actor has an http(s) URI, a username and a domain. */
export function validateRemoteProfile(profile: RemoteProfile): void {
  if (!httpUrl(profile.uri)) throw invalidArgument("Validation failed: Uri must be an http(s) URL");
  if (profile.username.trim() === "") throw invalidArgument("Validation failed: Username can't be blank");
  if (profile.domain.trim() === "") throw invalidArgument("Validation failed: Domain can't be blank");
  if (profile.movedToAccountId !== undefined && !/^\d{1,19}$/.test(profile.movedToAccountId)) throw invalidArgument("Validation failed: Moved to account id is invalid");
}

/**
 * The copy to store for `profile`, refreshing `existing` when there is one. Counters take the
 * values the actor's collections advertise, as Mastodon shows them (local follows adjust them
 * until the next refresh). Links that are not http(s) are dropped rather than shown to clients.
 * The state this server decides (suspension, silence, last status day) stays as it was.
 */
export function remoteAccountFrom(profile: RemoteProfile, id: string, now: Date, existing?: Account): Account {
  const movedToAccountId = profile.movedToAccountId ?? null;
  const moved = movedToAccountId !== (existing?.movedToAccountId ?? null);
  return {
    id,
    username: profile.username.trim(),
    domain: profile.domain.trim().toLowerCase(),
    displayName: profile.displayName,
    note: profile.note,
    uri: profile.uri,
    url: httpUrl(profile.url) ? profile.url : null,
    locked: profile.locked,
    bot: profile.bot,
    discoverable: profile.discoverable,
    indexable: profile.indexable,
    actorType: profile.group ? "Group" : profile.bot ? "Service" : "Person",
    createdAt: profile.createdAt ?? existing?.createdAt ?? now,
    followersCount: count(profile.followersCount),
    followingCount: count(profile.followingCount),
    statusesCount: count(profile.statusesCount),
    lastStatusAt: existing?.lastStatusAt ?? null,
    suspendedAt: existing?.suspendedAt ?? null,
    silencedAt: existing?.silencedAt ?? null,
    sensitizedAt: existing?.sensitizedAt ?? null,
    // Remote field values are HTML and were never verified here.
    fields: profile.fields.map((field) => ({ name: field.name, value: field.value, verifiedAt: null })),
    noteSource: "",
    emojiShortcodes: profile.emojiShortcodes,
    movedToAccountId,
    movedAt: moved ? (movedToAccountId ? now : null) : (existing?.movedAt ?? null),
    // The remote server serves its images; there is no separate still version to point at.
    avatar: httpUrl(profile.avatarUrl) ? { url: profile.avatarUrl, staticUrl: profile.avatarUrl } : null,
    header: httpUrl(profile.headerUrl) ? { url: profile.headerUrl, staticUrl: profile.headerUrl } : null,
    alsoKnownAs: profile.alsoKnownAs,
  };
}

/**
 * Whether a refresh changed what clients are shown of the profile. Counters are left out: they
 * move with every post and follow, and account.updated announces profile changes only.
 */
export function profileChanged(before: Account, after: Account): boolean {
  return JSON.stringify(shownProfile(before)) !== JSON.stringify(shownProfile(after));
}

const shownProfile = (a: Account) => [
  a.uri,
  a.username,
  a.domain,
  a.displayName,
  a.note,
  a.url,
  a.locked,
  a.bot,
  a.discoverable,
  // The search index reads it again on account.updated: its public posts become findable, or stop.
  a.indexable,
  a.actorType,
  a.createdAt.getTime(),
  a.fields?.map((f) => [f.name, f.value]),
  a.emojiShortcodes,
  a.movedToAccountId,
  a.avatar?.url ?? null,
  a.header?.url ?? null,
  a.alsoKnownAs,
];

function httpUrl(value: string | undefined): value is string {
  if (value === undefined || !URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === "https:" || protocol === "http:";
}

const count = (value: number) => (Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);
