// The outbound suites' fixture: a running federation service whose doubles know a local alice and
// two remote accounts (bob, who follows her, and carol), statuses a test adds, and a way to publish
// domain events on the bus the service consumes.
import { encodePayload, EVENT_CATALOG, newEnvelope, type EventType, type PayloadOf } from "@starling/events";
import type { Account } from "@starling/proto/accounts/v1/accounts";
import type { FederatedStatus } from "@starling/proto/statuses/v1/federated_statuses";
import type { Status } from "@starling/proto/statuses/v1/statuses";
import { saveRemoteActor } from "../src/data/remote-actors-queries.ts";
import { BASE_URL, startHarness, type Backend, type Harness } from "./harness.ts";

export interface OutboundFixture {
  h: Harness;
  alice: Account;
  bob: Account;
  carol: Account;
  /** Statuses getStatusesForFederation answers, by id (delete one to make it gone). */
  federated: Map<string, FederatedStatus>;
  /** Adds a status of alice's (unless `fields` say otherwise) that the statuses double serves. */
  addStatus(fields: Partial<Status>, extra?: Partial<FederatedStatus>): Status;
  /** Publishes a domain event; returns its envelope id. */
  publish<T extends EventType>(type: T, key: string, payload: PayloadOf<T>): Promise<string>;
}

let nextStatus = 9_000;

export async function startOutboundFixture(backend: Backend): Promise<OutboundFixture> {
  const h = await startHarness(backend);
  const accounts = new Map<string, Account>();
  const federated = new Map<string, FederatedStatus>();
  const remote = async (username: string, host: string) => {
    const made = h.addAccount(`${username}_${host.replace(/\W/g, "")}`, { username, domain: host, uri: `http://${host}/users/${username}`, url: `http://${host}/@${username}` });
    await saveRemoteActor(h.db, { accountId: made.id, uri: made.uri, inboxUrl: `${made.uri}/inbox`, sharedInboxUrl: `http://${host}/inbox`, followersUrl: `${made.uri}/followers`, domain: host, fetchedAt: new Date() });
    accounts.set(made.id, made);
    return made;
  };
  const alice = h.addAccount("alice", { followersCount: 3, followingCount: 1, statusesCount: 2 });
  accounts.set(alice.id, alice);
  const bob = await remote("bob", "remote.test");
  const carol = await remote("carol", "other.test");
  h.answer("getAccounts", async ({ ids }: { ids: string[] }) => ({ accounts: ids.flatMap((id) => accounts.get(id) ?? []) }));
  h.answer("listRemoteFollowers", async ({ accountId }: { accountId: string }) => ({ accountIds: accountId === alice.id ? [bob.id] : [] }));
  h.answer("getStatusesForFederation", async ({ ids }: { ids: string[] }) => ({ statuses: ids.flatMap((id) => federated.get(id) ?? []) }));
  h.answer("getMedia", async () => ({ media: [] }));
  h.answer("getCustomEmojis", async () => ({ emojis: [] }));
  return {
    h, alice, bob, carol, federated,
    addStatus(fields, extra = {}) {
      const id = String(nextStatus++);
      const status: Status = {
        id, uri: `${alice.uri}/statuses/${id}`, url: `${BASE_URL}/@alice/${id}`, accountId: alice.id, inReplyToId: "", inReplyToAccountId: "", content: "<p>Hello</p>", text: "Hello",
        spoilerText: "", visibility: "public", sensitive: false, language: "en", createdAt: new Date("2024-05-01T10:00:00Z"), editedAt: undefined, repliesCount: 0,
        reblogsCount: 0, favouritesCount: 0, application: undefined, local: true, mediaIds: [], cardId: "", pollId: "", reblogOfId: "", reblog: undefined,
        viewer: undefined, mentionedAccountIds: [], tags: [], emojiShortcodes: [], filtered: [], ...fields,
      };
      federated.set(id, { status, inReplyToUri: undefined, reblogOfUri: undefined, poll: undefined, ...extra });
      return status;
    },
    async publish(type, key, payload) {
      const envelope = newEnvelope({ type, source: "test", key, payload: encodePayload(type, payload) });
      await h.bus.publish(EVENT_CATALOG[type].topic, [envelope]);
      return envelope.id;
    },
  };
}
