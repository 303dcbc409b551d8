import type { ProfileField } from "./profile-fields.ts";

/** An account as this service holds it (local, or a remote copy). */
export interface Account {
  id: string;
  username: string;
  /** null for local accounts. */
  domain: string | null;
  displayName: string;
  /** HTML. */
  note: string;
  uri: string;
  url: string | null;
  locked: boolean;
  bot: boolean;
  discoverable: boolean | null;
  /** Lets anyone find the public posts by full-text search (Mastodon 4.2). */
  indexable: boolean;
  /** ActivityPub actor type: Person, Service, Application, Group, Organization. */
  actorType: string;
  createdAt: Date;
  followersCount: number;
  followingCount: number;
  statusesCount: number;
  lastStatusAt: Date | null;
  suspendedAt: Date | null;
  silencedAt: Date | null;
  /** Set while staff mark the account's media sensitive. */
  sensitizedAt: Date | null;
  // Profile data (migration 0007); optional so code that creates accounts need not know it, and
  // always set on accounts read from the database.
  /** Profile fields: plain text for local accounts, HTML for remote ones. */
  fields?: ProfileField[];
  /** The note as typed (local accounts). */
  noteSource?: string;
  /** Custom emoji shortcodes used in display name, note and field values. */
  emojiShortcodes?: string[];
  /** The account this one moved to. */
  movedToAccountId?: string | null;
  movedAt?: Date | null;
  /** Avatar and header (migration 0011); null when there is none. */
  avatar?: ProfileImage | null;
  header?: ProfileImage | null;
  /** Actor URIs a remote account declares as its other identities (migration 0012). */
  alsoKnownAs?: string[];
}

/** A profile image as served: the image (GIFs may be animated) and its still version. */
export interface ProfileImage {
  url: string;
  /** The same as `url` unless the image is a GIF. */
  staticUrl: string;
}

/** Builds the absolute URLs of local objects. */
export interface LocalUrls {
  /** The ActivityPub id of a local actor. */
  actorUri(username: string): string;
  /** The profile page of a local account. */
  profileUrl(username: string): string;
  /** The page of a hashtag. */
  tagUrl(tag: string): string;
}

/** URLs under `https://<domain>` (or http when `https` is false, for tests on 127.0.0.1). */
export function localUrls(domain: string, https: boolean): LocalUrls {
  const base = `${https ? "https" : "http"}://${domain}`;
  return {
    actorUri: (username) => `${base}/users/${username}`,
    profileUrl: (username) => `${base}/@${username}`,
    tagUrl: (tag) => `${base}/tags/${encodeURIComponent(tag)}`,
  };
}

/** The day (UTC midnight) a status at `date` makes the account's last_status_at. */
export function statusDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}
