import { randomInt } from "node:crypto";

/**
 * Activities shaped as Mastodon 4 sends them (see the ActivityPub section of the Mastodon
 * reference): the AS context plus one object of the extension terms used, Mastodon's id layout
 * (`<actor>/statuses/<id>`, `<actor>#likes/<id>`, ...), addressing by visibility and its
 * extension properties (atomUri, conversation, sensitive, blurhash, votersCount). Federation tests
 * send them from a peer to check Starling reads what Mastodon writes.
 */

type Json = Record<string, any>;

export const PUBLIC = "https://www.w3.org/ns/activitystreams#Public";

/** Mastodon's extension terms, merged into one context object as its serializers do. */
const EXTENSIONS = {
  ostatus: "http://ostatus.org#",
  atomUri: "ostatus:atomUri",
  inReplyToAtomUri: "ostatus:inReplyToAtomUri",
  conversation: "ostatus:conversation",
  sensitive: "as:sensitive",
  toot: "http://joinmastodon.org/ns#",
  votersCount: "toot:votersCount",
  blurhash: "toot:blurhash",
  focalPoint: { "@container": "@list", "@id": "toot:focalPoint" },
  Hashtag: "as:Hashtag",
  Emoji: "toot:Emoji",
  discoverable: "toot:discoverable",
  featured: { "@id": "toot:featured", "@type": "@id" },
  manuallyApprovesFollowers: "as:manuallyApprovesFollowers",
  movedTo: { "@id": "as:movedTo", "@type": "@id" },
  alsoKnownAs: { "@id": "as:alsoKnownAs", "@type": "@id" },
  schema: "http://schema.org#",
  PropertyValue: "schema:PropertyValue",
  value: "schema:value",
};

export const MASTODON_CONTEXT = ["https://www.w3.org/ns/activitystreams", EXTENSIONS];
/** With the security context, for documents carrying an actor's publicKey. */
export const MASTODON_ACTOR_CONTEXT = ["https://www.w3.org/ns/activitystreams", "https://w3id.org/security/v1", EXTENSIONS];

/** A Mastodon-like snowflake: digits, increasing with time. */
export function mastodonId(): string {
  return `${Date.now()}${String(randomInt(0, 65_536)).padStart(5, "0")}`;
}

export type Visibility = "public" | "unlisted" | "private" | "direct";

export interface Mention {
  /** The mentioned actor's id. */
  href: string;
  /** `@user@domain`. */
  name: string;
}

export interface NoteOptions {
  /** The author's actor id. */
  actor: string;
  /** The status id; `<actor>/statuses/<snowflake>` by default. */
  id?: string;
  content?: string;
  /** Content warning. */
  summary?: string | null;
  visibility?: Visibility;
  inReplyTo?: string | null;
  mentions?: Mention[];
  /** Tag names without `#`; hrefs on the author's server. */
  hashtags?: string[];
  emojis?: { shortcode: string; iconUrl: string }[];
  attachments?: { url: string; mediaType: string; name?: string; blurhash?: string; width?: number; height?: number }[];
  sensitive?: boolean;
  published?: Date;
  language?: string;
}

/** `to` and `cc` of a status as Mastodon addresses it for each visibility. */
export function addressing(actor: string, visibility: Visibility, mentions: string[] = []): { to: string[]; cc: string[] } {
  const followers = `${actor}/followers`;
  switch (visibility) {
    case "public":
      return { to: [PUBLIC], cc: [followers, ...mentions] };
    case "unlisted":
      return { to: [followers], cc: [PUBLIC, ...mentions] };
    case "private":
      return { to: [followers], cc: mentions };
    case "direct":
      return { to: mentions, cc: [] };
  }
}

/** The status `object` of a Create or Update: a Note. */
export function note(options: NoteOptions): Json {
  const id = options.id ?? `${options.actor}/statuses/${mastodonId()}`;
  const { origin, host } = new URL(options.actor);
  const username = options.actor.split("/").pop();
  const statusId = id.split("/").pop();
  const published = (options.published ?? new Date()).toISOString().replace(/\.\d+Z$/, "Z");
  const content = options.content ?? "<p>Hello from another server</p>";
  const mentions = options.mentions ?? [];
  return {
    id,
    type: "Note",
    summary: options.summary ?? null,
    inReplyTo: options.inReplyTo ?? null,
    published,
    url: `${origin}/@${username}/${statusId}`,
    attributedTo: options.actor,
    ...addressing(options.actor, options.visibility ?? "public", mentions.map((m) => m.href)),
    sensitive: options.sensitive ?? false,
    atomUri: id,
    inReplyToAtomUri: options.inReplyTo ?? null,
    conversation: `tag:${host},${published.slice(0, 10)}:objectId=${statusId}:objectType=Conversation`,
    content,
    contentMap: { [options.language ?? "en"]: content },
    attachment: (options.attachments ?? []).map((a) => ({
      type: "Document",
      mediaType: a.mediaType,
      url: a.url,
      name: a.name ?? null,
      blurhash: a.blurhash ?? "UBL_:rOpGG-oBUNG,qRj2so|=eE1w^n4S5NH",
      ...(a.width && a.height ? { width: a.width, height: a.height } : {}),
    })),
    tag: [
      ...mentions.map((m) => ({ type: "Mention", href: m.href, name: m.name })),
      ...(options.hashtags ?? []).map((name) => ({ type: "Hashtag", href: `${origin}/tags/${name.toLowerCase()}`, name: `#${name}` })),
      ...(options.emojis ?? []).map((e) => ({
        id: `${origin}/emojis/${e.shortcode}`,
        type: "Emoji",
        name: `:${e.shortcode}:`,
        updated: published,
        icon: { type: "Image", mediaType: "image/png", url: e.iconUrl },
      })),
    ],
    replies: {
      id: `${id}/replies`,
      type: "Collection",
      first: { type: "CollectionPage", next: `${id}/replies?only_other_accounts=true&page=true`, partOf: `${id}/replies`, items: [] },
    },
  };
}

/** Create{Note}: `<status>/activity`, with the Note's audience. */
export function createNote(options: NoteOptions): Json {
  return wrapCreate(note(options));
}

export interface QuestionOptions extends NoteOptions {
  /** Option titles with their vote counts. */
  choices: { name: string; votes?: number }[];
  /** anyOf (several choices) instead of oneOf. */
  multiple?: boolean;
  votersCount?: number;
  endTime?: Date;
}

/** A poll as Mastodon serializes it: a Question whose options are Notes with reply counts. */
export function question(options: QuestionOptions): Json {
  const { type: _type, ...rest } = note(options);
  const choices = options.choices.map((c) => ({ type: "Note", name: c.name, replies: { type: "Collection", totalItems: c.votes ?? 0 } }));
  return {
    ...rest,
    type: "Question",
    [options.multiple ? "anyOf" : "oneOf"]: choices,
    endTime: (options.endTime ?? new Date(Date.now() + 86_400_000)).toISOString(),
    votersCount: options.votersCount ?? options.choices.reduce((sum, c) => sum + (c.votes ?? 0), 0),
  };
}

/** Create{Question}. */
export function createQuestion(options: QuestionOptions): Json {
  return wrapCreate(question(options));
}

/** Update{Note|Question}: an edit, `<status>#updates/<epoch>`, with `updated` set on the object. */
export function updateNote(object: Json, updated = new Date()): Json {
  const { "@context": _context, ...body } = object;
  return {
    "@context": MASTODON_CONTEXT,
    id: `${body.id}#updates/${Math.floor(updated.getTime() / 1000)}`,
    type: "Update",
    actor: body.attributedTo,
    published: body.published,
    to: body.to,
    cc: body.cc,
    object: { ...body, updated: updated.toISOString().replace(/\.\d+Z$/, "Z") },
  };
}

function wrapCreate(object: Json): Json {
  return {
    "@context": MASTODON_CONTEXT,
    id: `${object.id}/activity`,
    type: "Create",
    actor: object.attributedTo,
    published: object.published,
    to: object.to,
    cc: object.cc,
    object,
  };
}

/** Follow: `<actor>#follows/<id>`. */
export function follow(options: { actor: string; object: string; id?: string }): Json {
  return {
    "@context": "https://www.w3.org/ns/activitystreams",
    id: options.id ?? `${options.actor}#follows/${mastodonId()}`,
    type: "Follow",
    actor: options.actor,
    object: options.object,
  };
}

/** Block: `<actor>#blocks/<id>`, object the blocked actor. */
export function block(options: { actor: string; object: string; id?: string }): Json {
  return {
    "@context": "https://www.w3.org/ns/activitystreams",
    id: options.id ?? `${options.actor}#blocks/${mastodonId()}`,
    type: "Block",
    actor: options.actor,
    object: options.object,
  };
}

/** Like: `<actor>#likes/<id>`, the object a status URI. */
export function like(options: { actor: string; object: string; id?: string }): Json {
  return {
    "@context": "https://www.w3.org/ns/activitystreams",
    id: options.id ?? `${options.actor}#likes/${mastodonId()}`,
    type: "Like",
    actor: options.actor,
    object: options.object,
  };
}

/** Undo{Follow}, Undo{Like}, Undo{Block}: `<inner id>/undo`, the undone activity inlined. */
export function undo(activity: Json): Json {
  const { "@context": _context, ...inner } = activity;
  return { "@context": "https://www.w3.org/ns/activitystreams", id: `${inner.id}/undo`, type: "Undo", actor: inner.actor, object: inner };
}

/** Announce (a boost): `<actor>/statuses/<id>/activity`, object a status URI, public, cc the original author. */
export function announce(options: { actor: string; object: string; objectAuthor?: string; id?: string; published?: Date }): Json {
  return {
    "@context": "https://www.w3.org/ns/activitystreams",
    id: options.id ?? `${options.actor}/statuses/${mastodonId()}/activity`,
    type: "Announce",
    actor: options.actor,
    published: (options.published ?? new Date()).toISOString().replace(/\.\d+Z$/, "Z"),
    to: [PUBLIC],
    cc: [options.objectAuthor, `${options.actor}/followers`].filter((uri): uri is string => !!uri),
    object: options.object,
  };
}

/** Undo{Announce}: `<actor>#announces/<id>/undo`; Mastodon refers to the Announce by id only. */
export function undoAnnounce(announceActivity: Json): Json {
  return {
    "@context": "https://www.w3.org/ns/activitystreams",
    id: `${announceActivity.actor}#announces/${mastodonId()}/undo`,
    type: "Undo",
    actor: announceActivity.actor,
    to: [PUBLIC],
    object: announceActivity.id,
  };
}

export interface PersonOptions {
  /** The actor id, `<origin>/users/<username>`. */
  id: string;
  name?: string;
  summary?: string;
  locked?: boolean;
  fields?: { name: string; value: string }[];
  alsoKnownAs?: string[];
  movedTo?: string;
  publicKeyPem?: string;
}

/** An actor document as Mastodon serves it at `/users/<username>`. */
export function person(options: PersonOptions): Json {
  const { origin } = new URL(options.id);
  const username = options.id.split("/").pop()!;
  return {
    "@context": MASTODON_ACTOR_CONTEXT,
    id: options.id,
    type: "Person",
    following: `${options.id}/following`,
    followers: `${options.id}/followers`,
    inbox: `${options.id}/inbox`,
    outbox: `${options.id}/outbox`,
    featured: `${options.id}/collections/featured`,
    preferredUsername: username,
    name: options.name ?? username,
    summary: options.summary ?? "",
    url: `${origin}/@${username}`,
    manuallyApprovesFollowers: options.locked ?? false,
    discoverable: true,
    published: `${new Date().toISOString().slice(0, 10)}T00:00:00Z`,
    ...(options.publicKeyPem ? { publicKey: { id: `${options.id}#main-key`, owner: options.id, publicKeyPem: options.publicKeyPem } } : {}),
    tag: [],
    attachment: (options.fields ?? []).map((f) => ({ type: "PropertyValue", name: f.name, value: f.value })),
    endpoints: { sharedInbox: `${origin}/inbox` },
    ...(options.alsoKnownAs?.length ? { alsoKnownAs: options.alsoKnownAs } : {}),
    ...(options.movedTo ? { movedTo: options.movedTo } : {}),
  };
}

/** Update{Person}: `<actor>#updates/<epoch>`, public, the actor document inlined (e.g. a peer's {@link person} or its served document). */
export function updatePerson(actorDocument: Json, updated = new Date()): Json {
  const { "@context": _context, ...object } = actorDocument;
  return {
    "@context": MASTODON_ACTOR_CONTEXT,
    id: `${object.id}#updates/${Math.floor(updated.getTime() / 1000)}`,
    type: "Update",
    actor: object.id,
    to: [PUBLIC],
    object,
  };
}

/** Delete of a status: `<status>#delete`, object a Tombstone. */
export function deleteNote(options: { actor: string; object: string }): Json {
  return {
    "@context": MASTODON_CONTEXT,
    id: `${options.object}#delete`,
    type: "Delete",
    actor: options.actor,
    to: [PUBLIC],
    object: { id: options.object, type: "Tombstone", atomUri: options.object },
  };
}

/** Delete of the actor itself: `<actor>#delete`, object the actor id. */
export function deleteActor(actor: string): Json {
  return { "@context": "https://www.w3.org/ns/activitystreams", id: `${actor}#delete`, type: "Delete", actor, to: [PUBLIC], object: actor };
}

/** Move: `<actor>#moves/<id>`, object the actor itself, target the new account (which lists the old in alsoKnownAs). */
export function move(options: { actor: string; target: string; id?: string }): Json {
  return {
    "@context": "https://www.w3.org/ns/activitystreams",
    id: options.id ?? `${options.actor}#moves/${mastodonId()}`,
    type: "Move",
    actor: options.actor,
    object: options.actor,
    target: options.target,
  };
}
