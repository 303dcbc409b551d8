import { createFederation, type Federation, type KvStore } from "@fedify/fedify";
import type { ReportsServiceClient } from "@starling/proto/moderation/v1/reports";
import { status as grpcStatus } from "@grpc/grpc-js";
import type { DocumentLoader } from "@fedify/fedify/runtime";
import type { Database } from "@starling/db";
import type { KeyValueStore } from "@starling/kv";
import type { AsyncClient, Logger } from "@starling/runtime";
import type { Account, AccountsServiceClient } from "@starling/proto/accounts/v1/accounts";
import type { FederatedAccountsServiceClient } from "@starling/proto/accounts/v1/federated_accounts";
import type { FollowsServiceClient } from "@starling/proto/accounts/v1/follows";
import type { MediaServiceClient } from "@starling/proto/media/v1/media";
import type { CustomEmojisServiceClient } from "@starling/proto/statuses/v1/custom_emojis";
import type { StatusInteractionsServiceClient } from "@starling/proto/statuses/v1/interactions";
import type { ProfilesServiceClient } from "@starling/proto/accounts/v1/profiles";
import type { FederatedStatusesServiceClient } from "@starling/proto/statuses/v1/federated_statuses";
import type { FeaturedTagsServiceClient } from "@starling/proto/statuses/v1/featured_tags";
import type { StatusesServiceClient } from "@starling/proto/statuses/v1/statuses";
import type { DeliveryRequest } from "../delivery/enqueue.ts";
import { registerInboxListeners } from "../inbox/listeners.ts";
import { actorKeyPairs } from "../use-cases/actor-key-pairs.ts";
import { registerObjectDispatchers } from "./object-dispatchers.ts";
import { signedFetchAllowed } from "./authorized-fetch.ts";
import { signedLoaderFactories, type FetchSigner } from "./signed-fetch.ts";
import { localActorDocument } from "./local-actor.ts";

/**
 * What Fedify's callbacks reach: the accounts and statuses services (their federation-only
 * services for remote copies) and this service's own schema.
 */
export interface FederationContextData {
  profiles: AsyncClient<ProfilesServiceClient>;
  accounts: AsyncClient<AccountsServiceClient>;
  federatedAccounts: AsyncClient<FederatedAccountsServiceClient>;
  federatedStatuses: AsyncClient<FederatedStatusesServiceClient>;
  /** Thread reads (a status's replies collection). */
  statuses: AsyncClient<StatusesServiceClient>;
  /** Followers and following collections, pinned and outbox statuses, attachments and custom emojis of local objects. */
  follows: AsyncClient<FollowsServiceClient>;
  interactions: AsyncClient<StatusInteractionsServiceClient>;
  media: AsyncClient<MediaServiceClient>;
  customEmojis: AsyncClient<CustomEmojisServiceClient>;
  /** The actor's featured tags collection. */
  featuredTags: AsyncClient<FeaturedTagsServiceClient>;
  /** Inbound Flags are filed as reports. */
  reports: AsyncClient<ReportsServiceClient>;
  db: Database;
  /**
   * Fetches documents past Fedify's short-lived document cache (still honouring
   * FEDERATION_ALLOW_PRIVATE_ADDRESS), for refetches that must see the actor as it is now.
   */
  freshDocumentLoader: DocumentLoader;
  /** FEDERATION_ALLOW_PRIVATE_ADDRESS: fetches made outside Fedify's loaders (WebFinger) may reach private addresses. */
  allowPrivateAddress: boolean;
  /** The service's key-value store (Delete-before-Create memory). */
  kv: KeyValueStore;
  /** The service's logger: the inbox logs what it did with each activity. */
  logger: Logger;
  /** AUTHORIZED_FETCH: GETs of actors, statuses and collections must be signed (src/fedify/authorized-fetch.ts). */
  authorizedFetch: boolean;
  /** LIMITED_FEDERATION_MODE: nothing is looked up on a server staff did not allow. */
  limitedFederation: boolean;
  /** Queues activities the inbox itself sends (the delivery queue; absent in a copy started without workers). */
  enqueue?: (request: DeliveryRequest) => Promise<void>;
  /** The Collection-Synchronization header of the request in hand, if it came with one (src/inbox/followers-synchronization.ts). */
  collectionSynchronization?: string | undefined;
}

/** The shared inbox every local actor advertises. */
export const SHARED_INBOX_PATH = "/inbox";

/** Where actors live, as Mastodon lays them out: the identifier is the local username. */
export const ACTOR_PATH = "/users/{identifier}";

/**
 * The local account named `username`, or null. Only plain local usernames count: LookupAccount
 * also knows remote accounts as `user@domain`, which this server must never serve as its own.
 */
export async function findLocalAccount(data: FederationContextData, username: string): Promise<Account | null> {
  if (!/^[A-Za-z0-9_]+$/.test(username)) return null;
  try {
    const { account } = await data.profiles.lookupAccount({ acct: username });
    return account && !account.domain ? account : null;
  } catch (error) {
    if ((error as { code?: number }).code === grpcStatus.NOT_FOUND) return null;
    throw error;
  }
}

/**
 * Builds the Fedify federation: actors with their key pairs (WebFinger follows from the actor
 * dispatcher), on our key-value store and event bus. `origin` pins every URI Fedify mints to the
 * public base URL, whatever address a request reached the service on.
 */
export function createStarlingFederation(options: {
  kv: KvStore;
  origin: string;
  allowPrivateAddress?: boolean;
  signer: FetchSigner;
  /** Where the inbox without an owner is: the shared `/inbox`, or the instance actor's (src/http/instance-actor-route.ts). */
  sharedInboxPath?: string;
}): Federation<FederationContextData> {
  const federation = createFederation<FederationContextData>({
    kv: options.kv,
    // No queue: inbox activities are handled inline (a failure answers 500 and the sender retries
    // with its own backoff, and an accepted activity has been acted on when the 202 goes out), and
    // outgoing activities go through our own delivery queue (src/delivery/), never Fedify's.
    // Fedify's window applies both ways: Date (or created) at most an hour off. Stricter than
    // Mastodon's 12 hours back; senders sign every attempt afresh, so retries are not refused.
    signatureTimeWindow: { hours: 1 },
    origin: options.origin,
    // Every fetch is signed as the instance actor, so servers in authorized-fetch mode answer it.
    ...signedLoaderFactories({ kv: options.kv, signer: options.signer, allowPrivateAddress: options.allowPrivateAddress ?? false }),
  });
  federation
    .setActorDispatcher(ACTOR_PATH, async (ctx, identifier) => {
      const account = await findLocalAccount(ctx.data, identifier);
      // One id per actor: other spellings of the username are not served as a second actor.
      if (!account || account.username !== identifier) return null;
      return localActorDocument(ctx, account);
    })
    // WebFinger's acct:ALICE@host finds alice, and answers with her canonical actor URL.
    .mapHandle(async (ctx, username) => (await findLocalAccount(ctx.data, username))?.username ?? null)
    .setKeyPairsDispatcher(async (ctx, identifier) => {
      const account = await findLocalAccount(ctx.data, identifier);
      return account ? actorKeyPairs(ctx.data.db, account.id) : [];
    })
    .authorize(signedFetchAllowed);
  registerInboxListeners(federation, options.sharedInboxPath ?? SHARED_INBOX_PATH);
  registerObjectDispatchers(federation);
  return federation;
}
