import type { Context } from "@fedify/fedify";
import { Document, Link, type Activity, type Object as APObject } from "@fedify/fedify/vocab";
import type { RemoteMediaItem } from "@starling/proto/media/v1/media";
import { hostPolicy } from "../data/instance-blocks-queries.ts";
import type { FederationContextData } from "../fedify/federation.ts";

// Mastodon keeps the first four attachments of a remote post.
const MAX_ATTACHMENTS = 4;

type Ctx = Context<FederationContextData>;
type Json = Record<string, unknown>;
type DocumentLoader = NonNullable<NonNullable<Parameters<APObject["getAttachments"]>[0]>["documentLoader"]>;

// Attachments are files, not ActivityPub documents: one given only by its URL is not fetched
// (Mastodon does not either), and is left out.
const noFetch: DocumentLoader = async (url) => {
  throw new Error(`attachments are not fetched: ${url}`);
};

const isJson = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Registers the attachments of a remote post with the media service and answers their ids in the
 * post's order. The media service downloads and caches the files afterwards (not for a server whose media is rejected), as Mastodon does; the
 * post shows them from the remote server meanwhile. `activity` is the activity that carried the post embedded, whose
 * JSON as received holds what Fedify's vocabulary drops (Mastodon's blurhash and focalPoint).
 */
export async function remoteMediaIdsOf(ctx: Ctx, object: APObject, accountId: string, activity?: Activity): Promise<string[]> {
  const extensions = await extensionsByUrl(ctx, object, activity);
  const items: RemoteMediaItem[] = [];
  for await (const attachment of object.getAttachments({ documentLoader: noFetch, contextLoader: ctx.contextLoader, suppressError: true })) {
    if (!(attachment instanceof Document)) continue; // PropertyValue, Link and others are no files
    const item = await mediaItemOf(attachment, extensions);
    if (item) items.push(item);
    if (items.length === MAX_ATTACHMENTS) break;
  }
  if (items.length === 0) return [];
  // A server whose media staff rejected keeps its attachments on its own host (reject_media).
  const skipCache = object.id ? (await hostPolicy(ctx.data.db, object.id.host)).rejectMedia : false;
  const { media } = await ctx.data.media.registerRemoteMedia({ accountId, items, skipCache });
  return media.map((m) => m.id);
}

// Mastodon's reading of an attachment: its URL (or its Link's), media type, `summary` else `name`
// as the description, size, and `icon` as the preview.
async function mediaItemOf(document: Document, extensions: Map<string, Json>): Promise<RemoteMediaItem | null> {
  const url = document.url;
  const href = url instanceof Link ? url.href : url;
  if (!href || !["http:", "https:"].includes(href.protocol)) return null;
  const icon = await document.getIcon({ documentLoader: noFetch, suppressError: true });
  const preview = icon?.url instanceof Link ? icon.url.href : icon?.url;
  const extra = extensions.get(href.href) ?? {};
  const [x, y] = Array.isArray(extra.focalPoint) && extra.focalPoint.length === 2 ? extra.focalPoint : [];
  return {
    remoteUrl: href.href,
    mediaType: document.mediaType ?? (url instanceof Link ? url.mediaType : null) ?? undefined,
    description: (document.summary ?? document.name)?.toString(),
    blurhash: typeof extra.blurhash === "string" ? extra.blurhash : undefined,
    width: document.width ?? undefined,
    height: document.height ?? undefined,
    focus: typeof x === "number" && typeof y === "number" ? { x, y } : undefined,
    previewRemoteUrl: preview?.href,
  };
}

/**
 * The activity's JSON as its sender sent it. Fedify's inbox context keeps that payload (to forward
 * it unchanged; not part of its typed API); the parsed activity renders it only while nothing
 * made Fedify drop its copy, so that is the fallback.
 */
async function receivedJson(ctx: Ctx, activity: Activity): Promise<unknown> {
  const payload = (ctx as { activity?: unknown }).activity;
  return isJson(payload) && payload.id === activity.id?.href ? payload : activity.toJsonLd();
}

/**
 * The attachments of the post's JSON as received, by URL. That JSON is the activity's `object` when
 * the post came embedded, else the post's own as fetched; Fedify keeps only top-level JSON as
 * received (its rendering of anything else lacks the extensions, which then are simply absent).
 */
async function extensionsByUrl(ctx: Ctx, object: APObject, activity: Activity | undefined): Promise<Map<string, Json>> {
  const received = activity ? await receivedJson(ctx, activity) : null;
  const embedded = isJson(received) && isJson(received.object) && received.object.id === object.id?.href ? received.object : null;
  const json = embedded ?? (await object.toJsonLd());
  const byUrl = new Map<string, Json>();
  for (const attachment of isJson(json) ? [json.attachment].flat() : []) {
    if (!isJson(attachment)) continue;
    const url = [attachment.url].flat()[0];
    const href = typeof url === "string" ? url : isJson(url) && typeof url.href === "string" ? url.href : null;
    if (href && URL.canParse(href)) byUrl.set(new URL(href).href, attachment);
  }
  return byUrl;
}
