import { Emoji, Endpoints, Group, Image, Person, PropertyValue, Service, type CryptographicKey, type Multikey } from "@fedify/fedify/vocab";
import type { Account } from "@starling/proto/accounts/v1/accounts";
import type { CustomEmoji } from "@starling/proto/statuses/v1/custom_emojis";
import { toInstant } from "./instant.ts";

/** The URLs of a local actor, derived from its id (Mastodon's layout: /users/{username}/...). */
export function actorUrls(actorUri: URL, baseUrl: string) {
  return {
    inbox: new URL(`${actorUri.href}/inbox`),
    outbox: new URL(`${actorUri.href}/outbox`),
    followers: new URL(`${actorUri.href}/followers`),
    following: new URL(`${actorUri.href}/following`),
    featured: new URL(`${actorUri.href}/collections/featured`),
    featuredTags: new URL(`${actorUri.href}/collections/tags`),
    // Not in the document: named by the Collection-Synchronization header of followers-only deliveries.
    followersSynchronization: new URL(`${actorUri.href}/followers_synchronization`),
    sharedInbox: new URL(`${baseUrl}/inbox`),
  };
}

/** The keys an actor document advertises: RSA as publicKey, every key as an assertion method. */
export interface AdvertisedKeys {
  publicKey: CryptographicKey | null;
  assertionMethods: Multikey[];
}

/** Where an account came from and went: its aliases (alsoKnownAs) and the actor it moved to (movedTo). */
export interface Migration {
  aliases: URL[];
  movedTo: URL | null;
}

// Guessed from the file name; remote servers mostly use it to pick a decoder, and absent is allowed.
function imageType(url: string): string | undefined {
  const extension = /\.([a-z0-9]+)(?:\?|$)/i.exec(url)?.[1]?.toLowerCase();
  const types: Record<string, string> = { png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", gif: "image/gif", webp: "image/webp", avif: "image/avif" };
  return extension ? types[extension] : undefined;
}

function image(url: string | undefined, baseUrl: string): Image | null {
  return url ? new Image({ url: new URL(url, baseUrl), mediaType: imageType(url) ?? null }) : null;
}

/**
 * A local custom emoji as Mastodon's Emoji tag: an id on this server, `:shortcode:`, the image,
 * and when it last changed (servers that keep a copy fetch the image again when `updated` moves).
 */
export function emojiTag(emoji: CustomEmoji, origin: string): Emoji {
  return new Emoji({
    id: new URL(`${origin}/emojis/${emoji.id}`),
    name: `:${emoji.shortcode}:`,
    icon: new Image({ url: new URL(emoji.url), mediaType: imageType(emoji.url) ?? null }),
    updated: emoji.updatedAt ? toInstant(emoji.updatedAt) : null,
  });
}

/**
 * A local account as an ActivityPub actor: Service for bots and Group for groups (as Mastodon
 * does), Person otherwise. A suspended account keeps its id, handle and keys but shows no profile
 * (nor aliases or a move), and says it is suspended as Mastodon's `toot:suspended` does.
 */
export function actorDocument(account: Account, id: URL, baseUrl: string, keys: AdvertisedKeys, migration: Migration, emojis: readonly CustomEmoji[] = []): Person | Service | Group {
  const urls = actorUrls(id, baseUrl);
  const profile = !account.suspended;
  const values = {
    id,
    preferredUsername: account.username,
    name: profile ? account.displayName : "",
    summary: profile ? account.note : "",
    url: account.url ? new URL(account.url, baseUrl) : null,
    inbox: urls.inbox,
    outbox: urls.outbox,
    followers: urls.followers,
    following: urls.following,
    featured: urls.featured,
    featuredTags: urls.featuredTags,
    endpoints: new Endpoints({ sharedInbox: urls.sharedInbox }),
    publicKey: keys.publicKey,
    assertionMethods: keys.assertionMethods,
    manuallyApprovesFollowers: account.locked,
    discoverable: account.discoverable ?? false,
    // Whether others may find its public posts by full-text search (Mastodon 4.2's toot:indexable).
    indexable: profile && account.indexable,
    icon: profile ? image(account.avatarUrl, baseUrl) : null,
    image: profile ? image(account.headerUrl, baseUrl) : null,
    attachments: profile ? account.fields.map((field) => new PropertyValue({ name: field.name, value: field.value })) : [],
    // The custom emojis of the display name, note and fields, as Mastodon tags them.
    tags: profile ? emojis.map((emoji) => emojiTag(emoji, baseUrl)) : [],
    aliases: profile ? migration.aliases : [],
    successor: profile ? migration.movedTo : null,
    // Only said when true, as Mastodon serializes it.
    suspended: account.suspended ? true : null,
  };
  if (account.group) return new Group(values);
  if (account.bot) return new Service(values);
  return new Person(values);
}
