import { domainToUnicode } from "node:url";
import type { DocumentLoader } from "@fedify/fedify/runtime";
import { Application, Emoji, Group, Image, Link, PropertyValue, Service, type Actor } from "@fedify/fedify/vocab";
import type { UpsertRemoteAccountRequest } from "@starling/proto/accounts/v1/federated_accounts";
import type { RemoteEmoji } from "@starling/proto/statuses/v1/federated_statuses";
import { sanitizeRemoteHtml } from "../domain/remote-html.ts";
import { remoteCount } from "../domain/remote-count.ts";
import { emojiShortcode, remoteEmojiOf } from "./remote-emojis.ts";

/** How an actor maps to a remote account, and where this service delivers to it. */
export interface MappedActor {
  upsert: UpsertRemoteAccountRequest;
  delivery: { inboxUrl: string; sharedInboxUrl: string | null; followersUrl: string | null };
  /** The custom emojis its Emoji tags declare, of the actor's domain (stored before the profile). */
  emojis: RemoteEmoji[];
}

interface MapOptions {
  documentLoader: DocumentLoader;
  contextLoader: DocumentLoader;
  /** The local id of the account with this actor URI, or undefined when unknown (used for movedTo). */
  accountIdOf(uri: string): Promise<string | undefined>;
}

/** The domain part of a handle: Unicode, lower case, with the port when there is one. */
export function handleDomain(url: URL): string {
  const host = domainToUnicode(url.hostname) || url.hostname;
  return (url.port ? `${host}:${url.port}` : host).toLowerCase();
}

const text = (value: unknown): string => (value == null ? "" : String(value)).trim();

const hrefOf = (url: URL | Link | null | undefined): string | undefined => (url instanceof Link ? url.href?.href : url?.href);

// Icons and headers are nearly always embedded; one that is only a link costs a fetch, and a
// failure there must not lose the whole profile.
async function imageUrl(get: () => Promise<unknown>): Promise<string | undefined> {
  try {
    const image = await get();
    return image instanceof Image ? hrefOf(image.url) : undefined;
  } catch {
    return undefined;
  }
}

// A collection's advertised total: one fetch when it is only linked; 0 when it cannot be read.
async function totalItems(get: () => Promise<{ totalItems?: number | null } | null>): Promise<number> {
  try {
    return remoteCount((await get())?.totalItems);
  } catch {
    return 0;
  }
}

async function collect<T>(items: AsyncIterable<unknown>, pick: (item: unknown) => T | undefined): Promise<T[]> {
  const out: T[] = [];
  try {
    for await (const item of items) {
      const picked = pick(item);
      if (picked !== undefined) out.push(picked);
    }
  } catch {
    // A linked (not embedded) item that cannot be fetched ends the list; what came before stays.
  }
  return out;
}

/**
 * The remote account an actor describes, or null when it lacks what every account needs (id,
 * preferredUsername, inbox). The display name and field names are plain text; the note and field
 * values are HTML, reduced to Mastodon's allowlist. The counts are the totals the actor's followers,
 * following and outbox collections advertise, read as Mastodon does (0 when one cannot be read).
 */
export async function actorToUpsert(actor: Actor, options: MapOptions): Promise<MappedActor | null> {
  const id = actor.id;
  const username = text(actor.preferredUsername);
  const inbox = actor.inboxId;
  if (!id || !username || !inbox) return null;
  const loaders = { documentLoader: options.documentLoader, contextLoader: options.contextLoader };
  const fields = await collect(actor.getAttachments(loaders), (item) =>
    item instanceof PropertyValue ? { name: text(item.name), value: sanitizeRemoteHtml(text(item.value)) } : undefined,
  );
  const emojiTags = await collect(actor.getTags(loaders), (item) => (item instanceof Emoji ? item : undefined));
  const emojiShortcodes = emojiTags.flatMap((tag) => emojiShortcode(tag.name) ?? []);
  const emojis = (await Promise.all(emojiTags.map(remoteEmojiOf))).filter((emoji) => emoji !== undefined);
  const movedTo = actor.successorId?.href;
  const [followersCount, followingCount, statusesCount] = await Promise.all([
    totalItems(() => actor.getFollowers(loaders)),
    totalItems(() => actor.getFollowing(loaders)),
    totalItems(() => actor.getOutbox(loaders)),
  ]);
  const upsert: UpsertRemoteAccountRequest = {
    uri: id.href,
    username,
    domain: handleDomain(id),
    displayName: text(actor.name),
    note: sanitizeRemoteHtml(text(actor.summary)),
    url: hrefOf(actor.url) ?? id.href,
    locked: actor.manuallyApprovesFollowers ?? false,
    bot: actor instanceof Service || actor instanceof Application,
    discoverable: actor.discoverable ?? undefined,
    indexable: actor.indexable ?? false,
    group: actor instanceof Group,
    createdAt: actor.published ? new Date(actor.published.epochMilliseconds) : undefined,
    avatarUrl: await imageUrl(() => actor.getIcon(loaders)),
    headerUrl: await imageUrl(() => actor.getImage(loaders)),
    fields: fields.filter((f) => f.name !== ""),
    movedToAccountId: movedTo ? await options.accountIdOf(movedTo) : undefined,
    alsoKnownAs: actor.aliasIds.map((u) => u.href),
    emojiShortcodes: [...new Set(emojiShortcodes)],
    followersCount,
    followingCount,
    statusesCount,
  };
  return {
    upsert,
    delivery: { inboxUrl: inbox.href, sharedInboxUrl: actor.endpoints?.sharedInbox?.href ?? null, followersUrl: actor.followersId?.href ?? null },
    emojis,
  };
}
