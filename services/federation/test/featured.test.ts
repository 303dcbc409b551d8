// Pins across servers: inbound Add / Remove to a remote actor's featured collection, the
// collection synced when an actor is resolved, and Add / Remove sent for local pins.
import assert from "node:assert/strict";
import { encodePayload, EVENT_CATALOG, newEnvelope } from "@starling/events";
import { FederationServiceClient } from "@starling/proto/federation/v1/federation";
import type { Account } from "@starling/proto/accounts/v1/accounts";
import { connectService, type AsyncClient } from "@starling/runtime";
import { saveRemoteActor } from "../src/data/remote-actors-queries.ts";
import { backends, startHarness, type Harness } from "./harness.ts";
import { startSigningPeer, type PeerActor, type SigningPeer } from "./signing-peer.ts";

type Json = Record<string, any>;
const PUBLIC = "https://www.w3.org/ns/activitystreams#Public";
const CONTEXT = ["https://www.w3.org/ns/activitystreams", { toot: "http://joinmastodon.org/ns#", featured: { "@id": "toot:featured", "@type": "@id" } }];
// An actor document naming its featured collection, which needs Mastodon's term for it.
const withFeatured = (url: string) => ({ "@context": ["https://www.w3.org/ns/activitystreams", "https://w3id.org/security/v1", CONTEXT[1]], featured: url });
const list = (value: unknown): any[] => (value === undefined ? [] : [value].flat());

let serial = 0;

for (const backend of backends) {
  describe(`featured collections: Add / Remove in and out (${backend.name})`, function () {
    this.timeout(60_000);
    let h: Harness;
    let remote: SigningPeer;
    let client: AsyncClient<FederationServiceClient>;
    const featuredOf = (username: string) => `${remote.origin}/users/${username}/collections/featured`;

    // A peer actor whose document names its featured collection, served with these items.
    const actorWithFeatured = async (username: string, items: unknown[]): Promise<PeerActor> => {
      const actor = await remote.actor(username, withFeatured(featuredOf(username)));
      remote.serve(new URL(featuredOf(username)).pathname, { "@context": CONTEXT, id: featuredOf(username), type: "OrderedCollection", totalItems: items.length, orderedItems: items });
      return actor;
    };
    const note = (username: string, fields: Json = {}): Json & { id: string } => {
      const id = `${remote.origin}/users/${username}/statuses/${++serial}`;
      return { id, type: "Note", attributedTo: `${remote.origin}/users/${username}`, content: `<p>post ${serial}</p>`, published: "2024-05-01T10:00:00Z", to: [PUBLIC], cc: [], ...fields };
    };
    const serve = (object: Json & { id: string }) => remote.serve(new URL(object.id).pathname, { "@context": CONTEXT, ...object });
    const resolve = async (actor: PeerActor) => {
      await client.resolveAccount({ query: actor.id });
      return h.remoteAccounts.get(actor.id)!;
    };
    // Posts to the shared inbox and returns the status-side calls it caused.
    async function deliver(actor: PeerActor, body: Json) {
      const before = h.calls.length;
      const response = await remote.send(actor, `${h.url}/inbox`, { "@context": CONTEXT, ...body });
      assert.equal(response.status, 202, `inbox answered ${response.status}: ${await response.text()}`);
      return h.calls.slice(before).filter((call) => call.method !== "upsertRemoteAccount").map((call) => [call.method, call.request]);
    }
    const statusId = (uri: string) => h.statuses.get(uri)!.id;

    before(async () => {
      h = await startHarness(backend);
      remote = await startSigningPeer();
      client = connectService(FederationServiceClient, h.grpcUrl, { deadlineMs: 20_000 });
      const recorded = (method: string, answer: (request: any) => unknown = () => ({})) => async (request: any) => {
        h.calls.push({ method, request });
        return answer(request);
      };
      h.answer("receivePin", recorded("receivePin"));
      h.answer("receiveUnpin", recorded("receiveUnpin"));
      h.answer("receiveFeatured", recorded("receiveFeatured", (request) => ({ statusIds: request.statusIds })));
    });
    after(async () => {
      client?.close();
      await h?.stop();
      await remote?.stop();
    });

    describe("inbound", () => {
      it("syncs an actor's featured collection when it is resolved: its own posts, embedded or by URL, in order", async () => {
        const embedded = note("carol");
        const linked = note("carol");
        serve(linked);
        const someoneElses = note("dave");
        const carol = await actorWithFeatured("carol", [embedded, linked.id, someoneElses]);
        const before = h.calls.length;
        const account = await resolve(carol);
        const calls = h.calls.slice(before).filter((call) => call.method !== "upsertRemoteAccount");
        assert.deepEqual(calls.map((c) => [c.method, c.request.uri ?? ""]), [["upsertRemoteStatus", embedded.id], ["upsertRemoteStatus", linked.id], ["receiveFeatured", ""]]);
        assert.deepEqual(calls[2]!.request, { accountId: account.id, statusIds: [statusId(embedded.id), statusId(linked.id)] });
      });

      it("leaves pins alone when the collection cannot be fetched or the actor names none", async () => {
        const erin = await remote.actor("erin", withFeatured(featuredOf("erin")));
        remote.gone(new URL(featuredOf("erin")).pathname);
        const frank = await remote.actor("frank");
        const before = h.calls.length;
        await resolve(erin);
        await resolve(frank);
        assert.deepEqual(h.calls.slice(before).map((c) => c.method), ["upsertRemoteAccount", "upsertRemoteAccount"]);
      });

      it("pins the post an Add puts in the sender's featured collection, fetching it first when unknown", async () => {
        const alice = await actorWithFeatured("alice", []);
        const account = await resolve(alice);
        const post = note("alice");
        serve(post);
        const add = { id: `${alice.id}#adds/${++serial}`, type: "Add", actor: alice.id, object: post.id, target: featuredOf("alice") };
        const calls = await deliver(alice, add);
        assert.deepEqual(calls.map(([method]) => method), ["upsertRemoteStatus", "receivePin"]);
        assert.deepEqual(calls[1]![1], { accountId: account.id, statusId: statusId(post.id) });
        // Known now: pinned again without a fetch (statuses keeps one pin).
        assert.deepEqual(await deliver(alice, { ...add, id: `${alice.id}#adds/${++serial}` }), [["receivePin", { accountId: account.id, statusId: statusId(post.id) }]]);
      });

      it("unpins on Remove from the featured collection (Mastodon's Remove has no id), and ignores other collections and unknown posts", async () => {
        const alice = await actorWithFeatured("alice2", []);
        const account = await resolve(alice);
        const post = note("alice2");
        serve(post);
        await deliver(alice, { id: `${alice.id}#adds/${++serial}`, type: "Add", actor: alice.id, object: post.id, target: featuredOf("alice2") });

        assert.deepEqual(await deliver(alice, { type: "Remove", actor: alice.id, object: post.id, target: featuredOf("alice2") }), [["receiveUnpin", { accountId: account.id, statusId: statusId(post.id) }]]);
        // Another collection of its own, or someone else's featured collection, is not a pin.
        assert.deepEqual(await deliver(alice, { id: `${alice.id}#adds/${++serial}`, type: "Add", actor: alice.id, object: post.id, target: `${alice.id}/collections/tags` }), []);
        assert.deepEqual(await deliver(alice, { id: `${alice.id}#adds/${++serial}`, type: "Add", actor: alice.id, object: post.id, target: featuredOf("carol") }), []);
        assert.deepEqual(await deliver(alice, { type: "Remove", actor: alice.id, object: post.id, target: featuredOf("carol") }), []);
        assert.deepEqual(await deliver(alice, { type: "Remove", actor: alice.id, object: `${alice.id}/statuses/unknown`, target: featuredOf("alice2") }), []);
      });
    });

    describe("outbound", () => {
      let bob: Account;
      let zoe: Account;
      const accounts = new Map<string, Account>();

      before(async () => {
        bob = h.addAccount("bob");
        zoe = h.addAccount("zoe_remotetest", { username: "zoe", domain: "remote.test", uri: "http://remote.test/users/zoe", url: "http://remote.test/@zoe" });
        await saveRemoteActor(h.db, { accountId: zoe.id, uri: zoe.uri, inboxUrl: `${zoe.uri}/inbox`, sharedInboxUrl: "http://remote.test/inbox", followersUrl: `${zoe.uri}/followers`, domain: "remote.test", fetchedAt: new Date() });
        for (const a of [bob, zoe]) accounts.set(a.id, a);
        h.answer("getAccounts", async ({ ids }: { ids: string[] }) => ({ accounts: ids.flatMap((id) => accounts.get(id) ?? []) }));
        h.answer("listRemoteFollowers", async ({ accountId }: { accountId: string }) => ({ accountIds: accountId === bob.id ? [zoe.id] : [] }));
      });

      const publish = async (type: "status.pinned" | "status.unpinned", account: Account, statusId: string) => {
        const envelope = newEnvelope({ type, source: "test", key: statusId, payload: encodePayload(type, { statusId, accountId: account.id }) });
        await h.bus.publish(EVENT_CATALOG[type].topic, [envelope]);
        return envelope.id;
      };
      const queued = (activityId: string) => h.queued(activityId);

      it("sends Add to the featured collection for a local pin and Remove for its unpin, to remote followers", async () => {
        const uri = `${bob.uri}/statuses/7001`;
        const pinned = await queued(`${uri}#pins/${await publish("status.pinned", bob, "7001")}`);
        assert.equal(pinned.type, "Add");
        assert.deepEqual([pinned.activity.actor, pinned.activity.object, pinned.activity.target, list(pinned.activity.to)], [bob.uri, uri, `${bob.uri}/collections/featured`, [`${bob.uri}/followers`]]);
        assert.deepEqual(pinned.inboxes, ["http://remote.test/inbox"]);

        const unpinned = await queued(`${uri}#unpins/${await publish("status.unpinned", bob, "7001")}`);
        assert.equal(unpinned.type, "Remove");
        assert.deepEqual([unpinned.activity.actor, unpinned.activity.object, unpinned.activity.target], [bob.uri, uri, `${bob.uri}/collections/featured`]);
        assert.deepEqual(unpinned.inboxes, ["http://remote.test/inbox"]);
      });

      it("does not echo a remote account's pin", async () => {
        const remoteEvent = await publish("status.pinned", zoe, "7002");
        // A local pin under the same key is handled after it: once that one is queued, the remote one had its turn.
        await queued(`${bob.uri}/statuses/7002#pins/${await publish("status.pinned", bob, "7002")}`);
        assert.equal(await h.db.table("delivery_activities").where("activity_id", "like", `%#pins/${remoteEvent}`).first(), undefined);
      });
    });
  });
}
