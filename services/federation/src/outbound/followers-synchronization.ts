import type { Account } from "@starling/proto/accounts/v1/accounts";
import { findRemoteActors } from "../data/remote-actors-queries.ts";
import { followersDigest, isUnder, synchronizationHeader, urlPrefix } from "../domain/followers-synchronization.ts";
import { actorUrls } from "../fedify/actor-document.ts";
import type { FederationContextData } from "../fedify/federation.ts";

/**
 * The Collection-Synchronization header of each inbox a followers-only activity goes to: the
 * author's followers collection, where to list its followers on that server, and the digest of
 * the follower URIs under the inbox's scheme, host and port (Mastodon's remote_followers_hash).
 */
export async function synchronizationHeaders(data: FederationContextData, author: Account, followerIds: readonly string[], inboxes: readonly string[]): Promise<Map<string, string>> {
  const followers = (await findRemoteActors(data.db, followerIds)).map((actor) => actor.uri);
  const urls = actorUrls(new URL(author.uri), new URL(author.uri).origin);
  const headers = new Map<string, string>();
  for (const inbox of inboxes) {
    const prefix = urlPrefix(inbox);
    if (!prefix) continue;
    const digest = followersDigest(followers.filter((uri) => isUnder(uri, prefix)));
    headers.set(inbox, synchronizationHeader({ collectionId: urls.followers.href, url: urls.followersSynchronization.href, digest }));
  }
  return headers;
}
