// What the federated-accounts suites share: a remote actor builder, and per database an accounts
// service with the clients, event log and helpers they drive it through. The bindings below are
// live (ES modules): each suite's \`before\` assigns them for the tests after it.
import { waitFor } from "@starling/testkit";
import { TOPICS, type EventEnvelope, type Subscription } from "@starling/events";
import type { Account } from "@starling/proto/accounts/v1/accounts";
import { FederatedAccountsServiceClient, type UpsertRemoteAccountRequest } from "@starling/proto/accounts/v1/federated_accounts";
import { FollowsServiceClient } from "@starling/proto/accounts/v1/follows";
import { RelationshipsServiceClient } from "@starling/proto/accounts/v1/relationships";
import { connectService, type AsyncClient } from "@starling/runtime";
import { startHarness, type Backend, type Harness } from "./harness.ts";

/** A remote actor as the federation service would describe it. */
export const actor = (name: string, extra: Partial<UpsertRemoteAccountRequest> = {}): UpsertRemoteAccountRequest => ({
  uri: `https://remote.example/users/${name}`,
  username: name,
  domain: "remote.example",
  displayName: name,
  note: "<p>Hello</p>",
  url: `https://remote.example/@${name}`,
  locked: false,
  bot: false,
  group: false,
  createdAt: new Date("2020-01-02T00:00:00Z"),
  fields: [],
  alsoKnownAs: [],
  emojiShortcodes: [],
  followersCount: 0,
  followingCount: 0,
  statusesCount: 0,
  indexable: false,
  ...extra,
});

export let h: Harness;
export let fed: AsyncClient<FederatedAccountsServiceClient>;
export let follows: AsyncClient<FollowsServiceClient>;
export let rel: AsyncClient<RelationshipsServiceClient>;
const seen = new Map<string, EventEnvelope>();

/** Distinct events (by envelope id) seen so far with this type and key. */
export const eventsOf = (type: string, key: string) => [...seen.values()].filter((e) => e.type === type && e.key === key);
/** Waits until every event written so far has been published and delivered. */
export const settled = async () => {
  await waitFor(async () => (await h.db.table("outbox").count({ n: "*" }))[0]!.n == 0, { what: "an empty outbox" });
  await h.bus.drain();
};

export type User = { account: Account; as: { viewerToken: string } };
export const user = async (name: string): Promise<User> => {
  const { account } = await h.createUser(name);
  return { account, as: { viewerToken: await h.sign({ accountId: account.id, scopes: ["read", "write", "follow"] }) } };
};
export const remote = async (name: string, extra: Partial<UpsertRemoteAccountRequest> = {}) => (await fed.upsertRemoteAccount(actor(name, extra))).account!;
export const account = async (id: string) => (await h.client.getAccounts({ ids: [id] })).accounts[0]!;
export const relationship = async (from: User, toId: string) => (await h.client.getRelationships({ accountIds: [toId] }, from.as)).relationships[0]!;
export const edge = (accountId: string, targetAccountId: string) => ({ accountId, targetAccountId });
/** A local follow of a remote account, accepted by its server. */
export const followRemote = async (from: User, remoteId: string) => {
  await h.client.follow({ targetAccountId: remoteId, languages: [] }, from.as);
  await fed.receiveFollowAccept(edge(from.account.id, remoteId));
};

/** Starts the service on `backend` before the suite's tests and stops it after them. */
export function useFederatedAccounts(backend: Backend): void {
  let subscription: Subscription;
  before(async () => {
    seen.clear();
    h = await startHarness(backend);
    const address = `127.0.0.1:${h.grpcPort}`;
    fed = connectService(FederatedAccountsServiceClient, address, { deadlineMs: 10_000 });
    follows = connectService(FollowsServiceClient, address, { deadlineMs: 10_000 });
    rel = connectService(RelationshipsServiceClient, address, { deadlineMs: 10_000 });
    subscription = await h.bus.subscribe({ topics: [TOPICS.accounts], group: "test-federated-accounts", handler: async (e) => void seen.set(e.id, e) });
  });
  after(async () => {
    await subscription?.stop();
    for (const client of [fed, follows, rel]) client?.close();
    await h?.stop();
  });
}
