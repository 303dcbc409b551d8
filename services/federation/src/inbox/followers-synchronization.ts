import type { InboxContext } from "@fedify/fedify";
import { Follow, Undo } from "@fedify/fedify/vocab";
import type { Account } from "@starling/proto/accounts/v1/accounts";
import { findRemoteActorByUri } from "../data/remote-actors-queries.ts";
import { findSentRelationship } from "../data/sent-relationships-queries.ts";
import { followersDigest, parseSynchronizationHeader, urlPrefix } from "../domain/followers-synchronization.ts";
import type { FederationContextData } from "../fedify/federation.ts";
import { inboxesOf } from "../outbound/addressing.ts";
import { sendActivity } from "../outbound/send-activity.ts";

type Json = Record<string, unknown>;

/** Actors whose followers are being brought in line now: one synchronization each at a time. */
const inFlight = new Set<string>();

/** The local accounts that follow the remote account (what the digest of the header is compared with). */
async function localFollowersOf(data: FederationContextData, remoteAccountId: string): Promise<Account[]> {
  const followers: Account[] = [];
  let maxId: string | undefined;
  do {
    const page = await data.follows.listFollowers({ accountId: remoteAccountId, page: { maxId, limit: 80 } });
    followers.push(...page.accounts.filter((account) => !account.domain));
    maxId = page.accounts.length > 0 ? page.nextCursor : undefined;
  } while (maxId);
  return followers;
}

/** The ids a collection lists on its first page (Mastodon reads no further), or undefined when it cannot be read. */
async function collectionItems(data: FederationContextData, url: string): Promise<string[] | undefined> {
  const load = async (ref: unknown): Promise<Json | undefined> => {
    if (ref && typeof ref === "object") return ref as Json;
    if (typeof ref !== "string" || urlPrefix(ref) !== urlPrefix(url)) return undefined;
    const { document } = await data.freshDocumentLoader(ref);
    return document && typeof document === "object" ? (document as Json) : undefined;
  };
  let collection = await load(url);
  if (collection?.first) collection = await load(collection.first);
  const items = collection?.orderedItems ?? collection?.items;
  if (!Array.isArray(items)) return undefined;
  return items.flatMap((item) => (typeof item === "string" ? [item] : typeof (item as Json)?.id === "string" ? [(item as Json).id as string] : []));
}

/**
 * Acts on a Collection-Synchronization header that came with an activity of `actorUri` (FEP-8fcf,
 * as Mastodon does): when it names the actor's followers collection, lists them on the actor's own
 * server, and its digest differs from that of the local accounts following the actor here, the list
 * is fetched and this side brought in line. A local follow the actor's server does not have ends
 * (follow.removed, and so an Undo); a local account it lists that has a pending request here is
 * accepted; one it lists that does not follow here gets an Undo of the Follow, sent without the
 * Follow's id since none was kept (as Mastodon sends it).
 */
export async function synchronizeFollowers(ctx: InboxContext<FederationContextData>, actorUri: string, header: string): Promise<void> {
  const params = parseSynchronizationHeader(header);
  const { data } = ctx;
  if (!params || inFlight.has(actorUri)) return;
  const actor = await findRemoteActorByUri(data.db, actorUri);
  if (!actor || !actor.followersUrl || params.collectionId !== actor.followersUrl || urlPrefix(params.url) !== urlPrefix(actorUri)) return;
  inFlight.add(actorUri);
  try {
    const following = await localFollowersOf(data, actor.accountId);
    if (followersDigest(following.map((account) => account.uri)) === params.digest) return void data.logger.debug({ actor: actorUri }, "followers already in sync");
    const listed = await collectionItems(data, params.url);
    if (!listed) return;
    const ours = listed.filter((uri) => urlPrefix(uri) === ctx.origin);
    const expected = ours.length > 0 ? (await data.federatedAccounts.findAccountsByUri({ uris: ours })).accounts.filter((account) => !account.domain) : [];
    const expectedIds = new Set(expected.map((account) => account.id));
    const followingIds = new Set(following.map((account) => account.id));
    const edge = (local: Account) => ({ accountId: local.id, targetAccountId: actor.accountId });
    for (const local of following) {
      if (!expectedIds.has(local.id)) await data.federatedAccounts.receiveFollowReject(edge(local));
    }
    for (const local of expected) {
      if (followingIds.has(local.id)) continue;
      // A request of ours it took without our hearing of the Accept: it stands.
      if (await findSentRelationship(data.db, { kind: "Follow", ...edge(local) })) await data.federatedAccounts.receiveFollowAccept(edge(local));
      else await undoUnknownFollow(ctx, local, actorUri, actor.accountId);
    }
    data.logger.info({ actor: actorUri, removed: following.filter((a) => !expectedIds.has(a.id)).length, listed: expected.length }, "followers synchronized");
  } finally {
    inFlight.delete(actorUri);
  }
}

async function undoUnknownFollow(ctx: InboxContext<FederationContextData>, local: Account, remoteUri: string, remoteAccountId: string): Promise<void> {
  const { data } = ctx;
  if (!data.enqueue) return;
  const undo = new Undo({
    id: new URL(`${local.uri}#follows/synchronization/${remoteAccountId}/${Date.now()}/undo`),
    actor: new URL(local.uri),
    object: new Follow({ actor: new URL(local.uri), object: new URL(remoteUri) }),
  });
  const deps = { federation: ctx.federation, data, origin: ctx.origin, enqueue: data.enqueue };
  await sendActivity(deps, local, undo, await inboxesOf(data, [remoteAccountId], { shared: false }));
}
