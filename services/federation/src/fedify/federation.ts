import { createFederation, type Federation, type KvStore, type MessageQueue } from "@fedify/fedify";
import { status as grpcStatus } from "@grpc/grpc-js";
import type { Database } from "@starling/db";
import type { AsyncClient } from "@starling/runtime";
import type { Account, AccountsServiceClient } from "@starling/proto/accounts/v1/accounts";
import type { FederatedAccountsServiceClient } from "@starling/proto/accounts/v1/federated_accounts";
import type { ProfilesServiceClient } from "@starling/proto/accounts/v1/profiles";
import type { FederatedStatusesServiceClient } from "@starling/proto/statuses/v1/federated_statuses";
import { actorKeyPairs } from "../use-cases/actor-key-pairs.ts";
import { actorDocument } from "./actor-document.ts";

/**
 * What Fedify's callbacks reach: the accounts and statuses services (their federation-only
 * services for remote copies) and this service's own schema.
 */
export interface FederationContextData {
  profiles: AsyncClient<ProfilesServiceClient>;
  accounts: AsyncClient<AccountsServiceClient>;
  federatedAccounts: AsyncClient<FederatedAccountsServiceClient>;
  federatedStatuses: AsyncClient<FederatedStatusesServiceClient>;
  db: Database;
}

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
export function createStarlingFederation(options: { kv: KvStore; queue: MessageQueue; origin: string; allowPrivateAddress?: boolean }): Federation<FederationContextData> {
  const federation = createFederation<FederationContextData>({
    kv: options.kv,
    queue: options.queue,
    manuallyStartQueue: true,
    origin: options.origin,
    allowPrivateAddress: options.allowPrivateAddress ?? false,
  });
  federation
    .setActorDispatcher(ACTOR_PATH, async (ctx, identifier) => {
      const account = await findLocalAccount(ctx.data, identifier);
      // One id per actor: other spellings of the username are not served as a second actor.
      if (!account || account.username !== identifier) return null;
      const keys = await ctx.getActorKeyPairs(identifier);
      return actorDocument(account, ctx.getActorUri(identifier), options.origin, {
        publicKey: keys[0]?.cryptographicKey ?? null,
        assertionMethods: keys.map((k) => k.multikey),
      });
    })
    // WebFinger's acct:ALICE@host finds alice, and answers with her canonical actor URL.
    .mapHandle(async (ctx, username) => (await findLocalAccount(ctx.data, username))?.username ?? null)
    .setKeyPairsDispatcher(async (ctx, identifier) => {
      const account = await findLocalAccount(ctx.data, identifier);
      return account ? actorKeyPairs(ctx.data.db, account.id) : [];
    });
  return federation;
}
