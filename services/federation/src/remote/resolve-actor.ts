import type { Context } from "@fedify/fedify";
import { isActor, type Actor } from "@fedify/fedify/vocab";
import { notFound } from "@starling/runtime";
import type { Account } from "@starling/proto/accounts/v1/accounts";
import { hostPolicy } from "../data/instance-blocks-queries.ts";
import { federationRefused } from "../domain/host-policy.ts";
import { findRemoteActorByUri, saveRemoteActor } from "../data/remote-actors-queries.ts";
import type { FederationContextData } from "../fedify/federation.ts";
import { actorToUpsert } from "./actor-to-account.ts";
import { syncFeaturedCollection } from "./featured-collection.ts";
import { storeRemoteEmojis } from "./remote-emojis.ts";

/** A stored remote profile older than this is fetched again before use (Mastodon refreshes daily). */
export const ACTOR_REFRESH_MS = 24 * 60 * 60 * 1000;

/**
 * Refuses a lookup (WebFinger, actor or object fetch) on a server staff suspended or, in
 * limited-federation mode, did not allow, as Mastodon's resolve services return nothing for a domain
 * it will not federate with: nothing is fetched from it.
 */
export async function refuseBlockedHost(ctx: Context<FederationContextData>, host: string): Promise<void> {
  if (federationRefused(await hostPolicy(ctx.data.db, host), ctx.data.limitedFederation)) throw notFound(`${host} is not federated with`);
}

/** The account with this actor URI, local or remote, if accounts knows it. */
export async function findAccountByUri(data: FederationContextData, uri: string): Promise<Account | undefined> {
  const { accounts } = await data.federatedAccounts.findAccountsByUri({ uris: [uri] });
  return accounts.find((a) => a.uri === uri);
}

/**
 * The account of the actor at `actorUri`: the stored copy while it is fresh, otherwise the actor
 * fetched (Fedify refuses a document whose id has another origin than the URL it came from) and
 * upserted. Local actors are never fetched. `refresh` skips both the stored copy and Fedify's
 * document cache, for callers that know the profile changed.
 */
export async function resolveRemoteAccount(ctx: Context<FederationContextData>, actorUri: string | URL, options: { refresh?: boolean } = {}): Promise<Account> {
  let uri: URL;
  try {
    uri = new URL(actorUri);
  } catch {
    throw notFound(`${String(actorUri)} is not an actor URL`);
  }
  if (uri.protocol !== "https:" && uri.protocol !== "http:") throw notFound(`${uri.href} is not an actor URL`);
  if (uri.origin === new URL(ctx.origin).origin) {
    const local = await findAccountByUri(ctx.data, uri.href);
    if (!local) throw notFound(`No local account has the URI ${uri.href}`);
    return local;
  }
  await refuseBlockedHost(ctx, uri.host);
  if (!options.refresh) {
    const stored = await findRemoteActorByUri(ctx.data.db, uri.href);
    if (stored && Date.now() - stored.fetchedAt.getTime() < ACTOR_REFRESH_MS) {
      const known = await findAccountByUri(ctx.data, uri.href);
      if (known) return known;
    }
  }
  const actor = await fetchActor(ctx, uri, { fresh: options.refresh ?? false });
  if (!actor) throw notFound(`Could not fetch an actor from ${uri.href}`);
  return accountForActor(ctx, actor);
}

/**
 * The actor document at `uri`, or null when there is none (a failure to fetch included). `fresh`
 * bypasses Fedify's document cache.
 */
export async function fetchActor(ctx: Context<FederationContextData>, uri: URL, options: { fresh?: boolean } = {}): Promise<Actor | null> {
  try {
    const object = await ctx.lookupObject(uri.href, options.fresh ? { documentLoader: ctx.data.freshDocumentLoader } : {});
    return isActor(object) ? object : null;
  } catch {
    // Unreachable host, bad TLS, refused private address, unparsable document: all unresolvable.
    return null;
  }
}

/**
 * Stores an actor already fetched (or embedded in a verified activity): its profile through
 * accounts, where to deliver to it here, and its pins (its featured collection).
 */
export async function accountForActor(ctx: Context<FederationContextData>, actor: Actor): Promise<Account> {
  const request = await actorToUpsert(actor, {
    documentLoader: ctx.documentLoader,
    contextLoader: ctx.contextLoader,
    accountIdOf: async (uri) => (await findAccountByUri(ctx.data, uri))?.id,
  });
  if (!request) throw notFound(`${actor.id?.href ?? "The actor"} lacks an id, a preferredUsername or an inbox`);
  // Staff reject this server's media: its avatar and header are not kept (clients show the default
  // images, as Mastodon shows for files it did not download).
  const rejectMedia = (await hostPolicy(ctx.data.db, request.upsert.domain)).rejectMedia;
  const upsert = rejectMedia ? { ...request.upsert, avatarUrl: undefined, headerUrl: undefined } : request.upsert;
  // The actor's server's emojis, stored first so the profile renders with them.
  await storeRemoteEmojis(ctx.data, request.upsert.domain, request.emojis);
  const { account } = await ctx.data.federatedAccounts.upsertRemoteAccount(upsert);
  if (!account) throw notFound(`accounts did not store ${request.upsert.uri}`);
  await saveRemoteActor(ctx.data.db, { accountId: account.id, ...request.delivery, uri: request.upsert.uri, domain: request.upsert.domain, fetchedAt: new Date() });
  await syncFeaturedCollection(ctx, actor, account);
  return account;
}
