import { Collection, Document, Hashtag, Image, LanguageString, Mention, Note, PUBLIC_COLLECTION, Question } from "@fedify/fedify/vocab";
import type { Account } from "@starling/proto/accounts/v1/accounts";
import type { MediaAttachment } from "@starling/proto/media/v1/media";
import type { CustomEmoji } from "@starling/proto/statuses/v1/custom_emojis";
import type { FederatedStatus } from "@starling/proto/statuses/v1/federated_statuses";
import { actorUrls, emojiTag } from "./actor-document.ts";
import type { FederationContextData } from "./federation.ts";
import { toInstant } from "./instant.ts";

/** A local status with everything its ActivityPub rendering names. */
export interface LocalStatusView {
  federated: FederatedStatus;
  author: Account;
  /** The mentioned accounts, in mention order. */
  mentions: Account[];
  /** Its attachments, in the author's order. */
  media: MediaAttachment[];
  /** The custom emojis its text uses. */
  emojis: CustomEmoji[];
}

/** The audience of a status: `to` and `cc`, as Mastodon addresses each visibility. */
export interface Addressing {
  to: URL[];
  cc: URL[];
}

/**
 * Mastodon's addressing: public goes to Public with followers in cc, unlisted the other way round,
 * private to followers only, direct to the mentioned actors only. Mentioned actors are always
 * named, so their servers deliver it to them even when they do not follow the author.
 */
export function statusAddressing(visibility: string, authorUri: string, mentionUris: readonly string[]): Addressing {
  const followers = actorUrls(new URL(authorUri), new URL(authorUri).origin).followers;
  const mentioned = [...new Set(mentionUris)].map((uri) => new URL(uri));
  switch (visibility) {
    case "public":
      return { to: [PUBLIC_COLLECTION], cc: [followers, ...mentioned] };
    case "unlisted":
      return { to: [followers], cc: [PUBLIC_COLLECTION, ...mentioned] };
    case "private":
      return { to: [followers], cc: mentioned };
    default:
      return { to: mentioned, cc: [] };
  }
}

// Attachments carry no media type of their own; remote servers pick a player from it, so it is
// guessed from the file name, and left out when unknown (allowed by ActivityStreams).
const MEDIA_TYPES: Record<string, string> = {
  png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", gif: "image/gif", webp: "image/webp", avif: "image/avif",
  mp4: "video/mp4", webm: "video/webm", mov: "video/quicktime", mp3: "audio/mpeg", ogg: "audio/ogg", oga: "audio/ogg", wav: "audio/wav", m4a: "audio/mp4", flac: "audio/flac",
};
const mediaTypeOf = (url: string) => MEDIA_TYPES[/\.([a-z0-9]+)(?:\?|$)/i.exec(url)?.[1]?.toLowerCase() ?? ""] ?? null;

function attachment(media: MediaAttachment): Document | null {
  if (!media.url) return null; // not processed: nothing another server could fetch
  const original = media.meta?.original;
  return new Document({
    url: new URL(media.url),
    mediaType: mediaTypeOf(media.url),
    name: media.description || null,
    width: original?.width ?? null,
    height: original?.height ?? null,
    // A video's or an audio file's thumbnail travels as the Document's icon, as Mastodon sends it.
    icon: media.type !== "image" && media.previewUrl ? new Image({ url: new URL(media.previewUrl), mediaType: mediaTypeOf(media.previewUrl) }) : null,
  });
}

// Mastodon's terms for what Fedify's Document lacks: the blurhash shown while an attachment loads,
// and the focal point its thumbnails are cropped around ([x, y], each -1.0..1.0).
const ATTACHMENT_TERMS = { toot: "http://joinmastodon.org/ns#", blurhash: "toot:blurhash", focalPoint: { "@container": "@list", "@id": "toot:focalPoint" } };

type JsonObject = Record<string, unknown>;
const isJsonObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Adds Mastodon's `blurhash` and `focalPoint` to the attachments (matched by URL to `media`) of a
 * status's compact JSON-LD, or of the object of an activity's, with their terms in its context,
 * since Fedify's vocabulary cannot carry them. Returns the same JSON, changed in place.
 */
export function withAttachmentExtensions(json: unknown, media: readonly MediaAttachment[]): unknown {
  if (!isJsonObject(json) || media.length === 0) return json;
  const object = isJsonObject(json.object) ? json.object : json;
  const byUrl = new Map(media.filter((m) => m.url).map((m) => [m.url, m]));
  let extended = false;
  for (const attachment of [object.attachment].flat()) {
    if (!isJsonObject(attachment) || typeof attachment.url !== "string") continue;
    const found = byUrl.get(attachment.url);
    if (!found) continue;
    if (found.blurhash) attachment.blurhash = found.blurhash;
    if (found.meta?.focus) attachment.focalPoint = [found.meta.focus.x, found.meta.focus.y];
    extended ||= Boolean(found.blurhash || found.meta?.focus);
  }
  if (extended) json["@context"] = [...[json["@context"] ?? []].flat(), ATTACHMENT_TERMS];
  return json;
}

/** `@user` for local accounts, `@user@domain` for remote ones, as Mastodon names mentions. */
const handle = (account: Account) => (account.domain ? `@${account.username}@${account.domain}` : `@${account.username}`);

function tags(view: LocalStatusView, origin: string) {
  const { status } = view.federated;
  return [
    ...view.mentions.map((account) => new Mention({ href: new URL(account.uri), name: handle(account) })),
    ...(status?.tags ?? []).map((tag) => new Hashtag({ href: new URL(`${origin}/tags/${encodeURIComponent(tag)}`), name: `#${tag}` })),
    ...view.emojis.map((emoji) => emojiTag(emoji, origin)),
  ];
}

/**
 * A local status as the ActivityPub object other servers store: a Note, or a Question when it has a
 * poll (options as `oneOf`/`anyOf` Notes whose `replies.totalItems` are the votes, as Mastodon
 * sends them), with Mastodon's extensions (sensitive, Hashtag and Emoji tags, votersCount).
 */
export function noteObject(view: LocalStatusView, origin: string): Note | Question {
  const { status, inReplyToUri, poll } = view.federated;
  if (!status) throw new Error("a federated status without its status");
  const { to, cc } = statusAddressing(status.visibility, view.author.uri, view.mentions.map((a) => a.uri));
  const values = {
    id: new URL(status.uri),
    url: status.url ? new URL(status.url) : null,
    attribution: new URL(view.author.uri),
    tos: to,
    ccs: cc,
    contents: status.language ? [status.content, new LanguageString(status.content, status.language)] : [status.content],
    summary: status.spoilerText || null,
    sensitive: status.sensitive,
    replyTarget: inReplyToUri ? new URL(inReplyToUri) : null,
    published: status.createdAt ? toInstant(status.createdAt) : null,
    updated: status.editedAt ? toInstant(status.editedAt) : null,
    tags: tags(view, origin),
    attachments: view.media.map(attachment).filter((a) => a !== null),
    // Its replies collection (src/fedify/replies-collection.ts), linked as Mastodon links it.
    replies: new URL(`${status.uri}/replies`),
  };
  if (!poll) return new Note(values);
  const options = poll.options.map((option) => new Note({ name: option.title, replies: new Collection({ totalItems: option.votesCount }) }));
  const closed = poll.expiresAt && poll.expiresAt.getTime() <= Date.now() ? toInstant(poll.expiresAt) : null;
  return new Question({
    ...values,
    ...(poll.multiple ? { inclusiveOptions: options } : { exclusiveOptions: options }),
    voters: poll.votersCount,
    endTime: poll.expiresAt ? toInstant(poll.expiresAt) : null,
    closed,
  });
}

/**
 * Reads local statuses with what their rendering needs (author, mentioned accounts, attachments,
 * custom emojis), in request order; unknown ids are left out. Visibility is not checked here.
 */
export async function loadStatusViews(data: FederationContextData, ids: readonly string[]): Promise<LocalStatusView[]> {
  if (ids.length === 0) return [];
  const { statuses } = await data.federatedStatuses.getStatusesForFederation({ ids: [...ids] });
  const found = statuses.filter((s) => s.status);
  if (found.length === 0) return [];
  const accountIds = [...new Set(found.flatMap((s) => [s.status!.accountId, ...s.status!.mentionedAccountIds]))];
  const mediaIds = found.flatMap((s) => s.status!.mediaIds);
  const shortcodes = [...new Set(found.flatMap((s) => s.status!.emojiShortcodes))];
  const [accounts, media, emojis] = await Promise.all([
    data.accounts.getAccounts({ ids: accountIds }).then((r) => new Map(r.accounts.map((a) => [a.id, a]))),
    mediaIds.length > 0 ? data.media.getMedia({ ids: mediaIds }).then((r) => new Map(r.media.map((m) => [m.id, m]))) : new Map<string, MediaAttachment>(),
    shortcodes.length > 0 ? data.customEmojis.getCustomEmojis({ shortcodes, refs: [] }).then((r) => r.emojis) : [],
  ]);
  const views: LocalStatusView[] = [];
  for (const federated of found) {
    const status = federated.status!;
    const author = accounts.get(status.accountId);
    if (!author) continue;
    const used = new Set(status.emojiShortcodes);
    views.push({
      federated,
      author,
      mentions: status.mentionedAccountIds.map((id) => accounts.get(id)).filter((a) => a !== undefined),
      media: status.mediaIds.map((id) => media.get(id)).filter((m) => m !== undefined),
      emojis: emojis.filter((e) => used.has(e.shortcode)),
    });
  }
  return views;
}
