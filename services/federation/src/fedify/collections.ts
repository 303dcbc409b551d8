import type { Federation } from "@fedify/fedify";
import { Announce, Create, Hashtag, type Activity } from "@fedify/fedify/vocab";
import { signedFetchAllowed } from "./authorized-fetch.ts";
import { findLocalAccount, type FederationContextData } from "./federation.ts";
import { statusActivityId } from "../outbound/status-activities.ts";
import { toInstant } from "./instant.ts";
import { loadStatusViews, noteObject, statusAddressing, type LocalStatusView } from "./note-object.ts";

/** Items per collection page (Mastodon's outbox and follow collections use about as many). */
const PAGE_SIZE = 20;
const PUBLIC = new Set(["public", "unlisted"]);

/** The activity a status appears as in an outbox: Create of its Note, or Announce of a reblogged URI. */
function outboxActivity(view: LocalStatusView, origin: string): Activity {
  const { status, reblogOfUri } = view.federated;
  const published = status!.createdAt ? toInstant(status!.createdAt) : null;
  if (reblogOfUri) {
    // A reblog's URI is its Announce's id already.
    const { to, cc } = statusAddressing(status!.visibility, view.author.uri, []);
    return new Announce({ id: new URL(status!.uri), actor: new URL(view.author.uri), object: new URL(reblogOfUri), published, tos: to, ccs: cc });
  }
  const note = noteObject(view, origin);
  return new Create({ id: new URL(statusActivityId(status!.uri)), actor: new URL(view.author.uri), object: note, published, tos: note.toIds, ccs: note.ccIds });
}

// Cursors are the services' own max_id cursors; "" is the first page.
const page = (cursor: string) => ({ maxId: cursor || undefined, limit: PAGE_SIZE });

/**
 * An actor's outbox (its public and unlisted posts and reblogs, newest first), followers and
 * following (actor URIs, counted by the account's counters), featured (pinned) and featured tags collections.
 */
export function registerCollections(federation: Federation<FederationContextData>): void {
  federation
    .setOutboxDispatcher("/users/{identifier}/outbox", async (ctx, identifier, cursor) => {
      const account = await findLocalAccount(ctx.data, identifier);
      if (!account || account.username !== identifier || cursor === null) return null;
      const listed = await ctx.data.interactions.listAccountStatuses({ accountId: account.id, page: page(cursor), excludeReplies: false, excludeReblogs: false, onlyMedia: false });
      const views = await loadStatusViews(ctx.data, (listed.page?.statuses ?? []).map((s) => s.id));
      const items = views.filter((v) => PUBLIC.has(v.federated.status!.visibility)).map((v) => outboxActivity(v, ctx.origin));
      return { items, nextCursor: listed.nextCursor || null };
    })
    .setFirstCursor(() => "")
    .setCounter(async (ctx, identifier) => {
      const account = await findLocalAccount(ctx.data, identifier);
      return account ? account.statusesCount : null;
    })
    .authorize(signedFetchAllowed);

  federation
    .setFollowersDispatcher("/users/{identifier}/followers", async (ctx, identifier, cursor) => {
      const account = await findLocalAccount(ctx.data, identifier);
      if (!account || account.username !== identifier || cursor === null) return null;
      const listed = await ctx.data.follows.listFollowers({ accountId: account.id, page: page(cursor) });
      return { items: listed.accounts.map((a) => ({ id: new URL(a.uri), inboxId: null })), nextCursor: listed.nextCursor || null };
    })
    .setFirstCursor(() => "")
    .setCounter(async (ctx, identifier) => {
      const account = await findLocalAccount(ctx.data, identifier);
      return account ? account.followersCount : null;
    })
    .authorize(signedFetchAllowed);

  federation
    .setFollowingDispatcher("/users/{identifier}/following", async (ctx, identifier, cursor) => {
      const account = await findLocalAccount(ctx.data, identifier);
      if (!account || account.username !== identifier || cursor === null) return null;
      const listed = await ctx.data.follows.listFollowing({ accountId: account.id, page: page(cursor) });
      return { items: listed.accounts.map((a) => new URL(a.uri)), nextCursor: listed.nextCursor || null };
    })
    .setFirstCursor(() => "")
    .setCounter(async (ctx, identifier) => {
      const account = await findLocalAccount(ctx.data, identifier);
      return account ? account.followingCount : null;
    })
    .authorize(signedFetchAllowed);

  federation.setFeaturedDispatcher("/users/{identifier}/collections/featured", async (ctx, identifier) => {
    const account = await findLocalAccount(ctx.data, identifier);
    if (!account || account.username !== identifier) return null;
    const { page: pinned } = await ctx.data.interactions.listPinnedStatuses({ accountId: account.id });
    const views = await loadStatusViews(ctx.data, (pinned?.statuses ?? []).map((s) => s.id));
    return { items: views.filter((v) => PUBLIC.has(v.federated.status!.visibility)).map((v) => noteObject(v, ctx.origin)) };
  }).authorize(signedFetchAllowed);

  // Mastodon's featured hashtags: a Hashtag per featured tag, its href the account's page of the tag.
  const featuredTagsOf = async (data: FederationContextData, identifier: string): Promise<Hashtag[] | null> => {
    const account = await findLocalAccount(data, identifier);
    if (!account || account.username !== identifier) return null;
    const { tags } = await data.featuredTags.listFeaturedTags({ accountId: account.id });
    return tags.map((tag) => new Hashtag({ href: new URL(tag.url), name: `#${tag.name}` }));
  };
  federation
    .setFeaturedTagsDispatcher("/users/{identifier}/collections/tags", async (ctx, identifier) => {
      const items = await featuredTagsOf(ctx.data, identifier);
      return items && { items };
    })
    .setCounter(async (ctx, identifier) => (await featuredTagsOf(ctx.data, identifier))?.length ?? null)
    .authorize(signedFetchAllowed);
}
