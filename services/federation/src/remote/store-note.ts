import type { Context } from "@fedify/fedify";
import {
  Article, Audio, Collection, Emoji, Event, Hashtag, Image, Link, Mention, Note, Page, Question, Video,
  type Activity, type Object as APObject,
} from "@fedify/fedify/vocab";
import { status as GrpcStatus } from "@grpc/grpc-js";
import type { Account } from "@starling/proto/accounts/v1/accounts";
import type { RemoteEmoji, RemotePoll, UpsertRemoteStatusRequest } from "@starling/proto/statuses/v1/federated_statuses";
import type { Status } from "@starling/proto/statuses/v1/statuses";
import { layoutParagraphs, linkifyText, normalizeHashtag } from "@starling/text";
import { findRemoteActors } from "../data/remote-actors-queries.ts";
import { isRemote } from "../outbound/addressing.ts";
import { remoteCount } from "../domain/remote-count.ts";
import { sanitizeRemoteHtml } from "../domain/remote-html.ts";
import { visibilityFromAudience, type Visibility } from "../domain/visibility.ts";
import type { FederationContextData } from "../fedify/federation.ts";
import { remoteEmojiOf, storeRemoteEmojis } from "./remote-emojis.ts";
import { remoteMediaIdsOf } from "./remote-attachments.ts";
import { refuseBlockedHost, resolveRemoteAccount } from "./resolve-actor.ts";

// Objects Mastodon does not show as posts of their own but turns into one: their title, summary
// and a link to them.
const CONVERTED_TYPES = [Article, Page, Event, Video, Audio, Image];
// How many unknown ancestors one inbound reply may fetch, so a long thread cannot keep the
// inbox busy (the rest of the thread stays unlinked, as when a parent cannot be fetched).
const MAX_PARENT_FETCHES = 1;

type Ctx = Context<FederationContextData>;

/** Whether Starling stores objects of this kind as statuses (Note, Question, or a converted type). */
export function isStatusObject(object: unknown): object is APObject {
  return object instanceof Note || object instanceof Question || CONVERTED_TYPES.some((type) => object instanceof type);
}

/**
 * Stores (or updates) a remote Note, Question or converted object as a status through statuses,
 * which keeps a stored status unless `updated` is later than its own edit. Null when the object is
 * not one Starling stores: an unsupported type, a local or anonymous object, one whose id is not
 * on its author's server, or one whose author cannot be fetched.
 */
export async function storeRemoteNote(ctx: Ctx, object: APObject, activity?: Activity): Promise<Status | null> {
  return storeNote(ctx, object, 0, activity);
}

// `activity`: the activity that carried the object embedded, whose JSON as received has what
// Fedify's vocabulary drops (attachments' blurhash and focal point).
async function storeNote(ctx: Ctx, object: APObject, parentFetches: number, activity?: Activity): Promise<Status | null> {
  if (!isStatusObject(object) || !object.id) return null;
  const uri = object.id;
  const authorUri = object.attributionId;
  // The author's server speaks for its own objects only; local statuses are never stored as copies.
  if (!authorUri || authorUri.host !== uri.host || uri.origin === ctx.canonicalOrigin) return null;
  const author = await accountOrNull(ctx, authorUri);
  if (!author || !isRemote(author)) return null;
  const to = object.toIds.map(String);
  const cc = object.ccIds.map(String);
  const visibility = await audienceVisibility(ctx, object, author.id);
  const tags = await tagsOf(object);
  const parent = object.replyTargetId ? await findOrFetchParent(ctx, object.replyTargetId, parentFetches) : null;
  // A direct message reaches whom it addresses even when it names them in no Mention tag.
  const mentionUris = visibility === "direct" ? [...tags.mentions, ...to, ...cc] : tags.mentions;
  const { content, language } = contentOf(object);
  const request: UpsertRemoteStatusRequest = {
    uri: uri.href,
    url: urlOf(object) ?? uri.href,
    accountId: author.id,
    inReplyToId: parent?.id,
    inReplyToAccountId: parent?.accountId,
    content,
    spoilerText: object instanceof Note || object instanceof Question ? String(object.summary ?? "") : "",
    visibility,
    sensitive: object.sensitive ?? false,
    language,
    createdAt: toDate(object.published) ?? new Date(),
    editedAt: toDate(object.updated),
    mentionedAccountIds: await accountIdsOf(ctx, mentionUris),
    tags: tags.hashtags,
    emojiShortcodes: tags.emojis,
    poll: object instanceof Question ? await pollOf(object) : undefined,
    mediaIds: await remoteMediaIdsOf(ctx, object, author.id, activity),
  };
  // The author's server's emojis, stored first so the status renders with them.
  await storeRemoteEmojis(ctx.data, author.domain, tags.emojiTags);
  const { status } = await ctx.data.federatedStatuses.upsertRemoteStatus(request);
  return status ?? null;
}

/** The visibility an object's or activity's to/cc give it, `accountId` being the remote sender. */
export async function audienceVisibility(ctx: Ctx, addressed: { toIds: URL[]; ccIds: URL[] }, accountId: string): Promise<Visibility> {
  const [actor] = await findRemoteActors(ctx.data.db, [accountId]);
  return visibilityFromAudience({ to: addressed.toIds.map(String), cc: addressed.ccIds.map(String) }, actor?.followersUrl ?? null);
}

async function accountOrNull(ctx: Ctx, actorUri: URL): Promise<Account | null> {
  try {
    return await resolveRemoteAccount(ctx, actorUri);
  } catch (error) {
    if ((error as { code?: number }).code === GrpcStatus.NOT_FOUND) return null;
    throw error;
  }
}

// The parent when it is stored here; else it is fetched and stored (within the budget), and a
// parent that cannot be had leaves the reply unlinked rather than lost.
async function findOrFetchParent(ctx: Ctx, uri: URL, parentFetches: number): Promise<Status | null> {
  const { statuses } = await ctx.data.federatedStatuses.findStatusesByUri({ uris: [uri.href] });
  if (statuses[0]) return statuses[0];
  if (parentFetches >= MAX_PARENT_FETCHES || uri.origin === ctx.canonicalOrigin) return null;
  try {
    await refuseBlockedHost(ctx, uri.host);
    const fetched = await ctx.lookupObject(uri);
    return fetched ? await storeNote(ctx, fetched, parentFetches + 1) : null;
  } catch {
    return null;
  }
}

async function tagsOf(object: APObject): Promise<{ mentions: string[]; hashtags: string[]; emojis: string[]; emojiTags: RemoteEmoji[] }> {
  const mentions: string[] = [];
  const hashtags = new Set<string>();
  const emojis = new Set<string>();
  const emojiTags: RemoteEmoji[] = [];
  for await (const tag of object.getTags({ suppressError: true })) {
    if (tag instanceof Mention && tag.href) mentions.push(tag.href.href);
    else if (tag instanceof Hashtag && tag.name) {
      const name = normalizeHashtag(String(tag.name).replace(/^#/, ""));
      if (name) hashtags.add(name);
    } else if (tag instanceof Emoji && tag.name) {
      const shortcode = String(tag.name).replace(/^:|:$/g, "");
      if (/^\w+$/.test(shortcode)) emojis.add(shortcode);
      const declared = await remoteEmojiOf(tag);
      if (declared) emojiTags.push(declared);
    }
  }
  return { mentions, hashtags: [...hashtags], emojis: [...emojis], emojiTags };
}

// Accounts known here among these actor URIs (collections and unknown actors are left out), in
// the order given.
async function accountIdsOf(ctx: Ctx, uris: string[]): Promise<string[]> {
  const unique = [...new Set(uris)];
  if (unique.length === 0) return [];
  const { accounts } = await ctx.data.federatedAccounts.findAccountsByUri({ uris: unique });
  const byUri = new Map(accounts.map((account) => [account.uri, account.id]));
  return [...new Set(unique.flatMap((uri) => byUri.get(uri) ?? []))];
}

// The post's HTML and language: `content`, else the first `contentMap` entry, whose key is the
// language (as Mastodon reads it). Converted objects become their title, summary and link.
function contentOf(object: APObject): { content: string; language: string | undefined } {
  const localized = object.contents.find((value) => typeof value !== "string");
  const language = localized && typeof localized !== "string" ? localized.locale.language : undefined;
  if (!(object instanceof Note || object instanceof Question)) {
    const parts = [object.name, object.summary, urlOf(object) ?? object.id?.href].map((part) => (part == null ? "" : String(part).trim()));
    return { content: layoutParagraphs(parts.filter(Boolean).join("\n\n"), (paragraph) => linkifyText(paragraph)), language };
  }
  const html = object.content ?? localized ?? "";
  return { content: sanitizeRemoteHtml(String(html)), language };
}

// The page to show for the object: a plain `url`, or the HTML one among its links.
function urlOf(object: APObject): string | undefined {
  for (const url of object.urls) {
    if (url instanceof URL) return url.href;
    if (url instanceof Link && url.href && (!url.mediaType || url.mediaType === "text/html")) return url.href.href;
  }
  return undefined;
}

// A Question's options with their counts: `oneOf` for single choice, `anyOf` for multiple.
async function pollOf(question: Question): Promise<RemotePoll> {
  const inclusive = await collect(question.getInclusiveOptions({ suppressError: true }));
  const multiple = inclusive.length > 0;
  const options: RemotePoll["options"] = [];
  for (const option of multiple ? inclusive : await collect(question.getExclusiveOptions({ suppressError: true }))) {
    if (option.name == null) continue;
    const replies = await option.getReplies({ suppressError: true }).catch(() => null);
    options.push({ title: String(option.name), votesCount: remoteCount(replies instanceof Collection ? replies.totalItems : 0) });
  }
  const closed = question.closed;
  const expiresAt = toDate(question.endTime) ?? (typeof closed === "boolean" ? undefined : toDate(closed));
  // Without votersCount, a single-choice poll has as many voters as votes.
  const voters = question.voters ?? (multiple ? 0 : options.reduce((sum, option) => sum + option.votesCount, 0));
  return { options, multiple, expiresAt, votersCount: remoteCount(voters) };
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

const toDate = (instant: Temporal.Instant | null | undefined): Date | undefined => (instant ? new Date(instant.epochMilliseconds) : undefined);
