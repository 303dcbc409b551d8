// Followers collection synchronization (FEP-8fcf) as Mastodon does it: the header on followers-only
// deliveries, the endpoint that lists an account's followers on the asking server, and what this
// server does with the header when a remote actor's activity carries one.
import assert from "node:assert/strict";
import type { Account } from "@starling/proto/accounts/v1/accounts";
import { waitFor } from "@starling/testkit";
import { saveSentRelationship } from "../src/data/sent-relationships-queries.ts";
import { followersDigest } from "../src/domain/followers-synchronization.ts";
import { backends, BASE_URL } from "./harness.ts";
import { startOutboundFixture, type OutboundFixture } from "./outbound-fixture.ts";
import { startSigningPeer, type PeerActor, type SigningPeer } from "./signing-peer.ts";

const AS = "https://www.w3.org/ns/activitystreams";
type Json = Record<string, any>;

for (const backend of backends) {
  describe(`federation: followers synchronization (${backend.name})`, function () {
    this.timeout(60_000);
    let f: OutboundFixture;
    let peer: SigningPeer;
    let zed: PeerActor;
    let zedAccount: Account;
    let seq = 0;
    const like = () => ({ "@context": AS, id: `${peer.origin}/likes/${++seq}`, type: "Like", actor: zed.id, object: `${BASE_URL}/users/alice/statuses/1` });

    before(async () => {
      f = await startOutboundFixture(backend);
      peer = await startSigningPeer();
      zed = await peer.actor("zed");
      // zed's Follow makes it known here (its actor stored with its followers collection).
      const follow = { "@context": AS, id: `${peer.origin}/follows/1`, type: "Follow", actor: zed.id, object: f.alice.uri };
      assert.equal((await peer.send(zed, `${f.h.url}/inbox`, follow)).status, 202);
      zedAccount = f.h.remoteAccounts.get(zed.id)!;
    });
    after(async () => {
      await f?.h.stop();
      await peer?.stop();
    });

    it("sends a followers-only status with a Collection-Synchronization header per server: the digest of the author's followers there", async () => {
      const { alice, bob, carol } = f;
      f.h.answer("listRemoteFollowers", async ({ accountId }: { accountId: string }) => ({ accountIds: accountId === alice.id ? [bob.id, carol.id] : [] }));
      const header = (uri: string) => `collectionId="${alice.uri}/followers", url="${alice.uri}/followers_synchronization", digest="${followersDigest([uri])}"`;
      const event = (s: { id: string; visibility: string; createdAt?: Date | undefined }) => ({
        statusId: s.id, accountId: alice.id, visibility: s.visibility, local: true, mentionedAccountIds: [],
        createdAt: s.createdAt, language: "en", tags: [], hasMedia: false,
      });
      const rows = async (activityId: string) =>
        Object.fromEntries((await f.h.db.table("deliveries").where({ activity_id: activityId })).map((r: Json) => [r.inbox, r.collection_synchronization]));

      const friends = f.addStatus({ visibility: "private" });
      await f.publish("status.created", friends.id, event(friends));
      await f.h.queued(`${friends.uri}/activity`);
      assert.deepEqual(await rows(`${friends.uri}/activity`), { "http://remote.test/inbox": header(bob.uri), "http://other.test/inbox": header(carol.uri) });

      const open = f.addStatus({ visibility: "public" });
      await f.publish("status.created", open.id, event(open));
      await f.h.queued(`${open.uri}/activity`);
      assert.deepEqual(await rows(`${open.uri}/activity`), { "http://remote.test/inbox": null, "http://other.test/inbox": null });
    });

    it("lists an account's followers on the signing actor's server at /users/:u/followers_synchronization; 401 unsigned", async () => {
      const { alice, bob, carol } = f;
      f.h.answer("listRemoteFollowers", async ({ accountId }: { accountId: string }) => ({ accountIds: accountId === alice.id ? [bob.id, zedAccount.id, carol.id] : [] }));
      const url = `${f.h.url}/users/alice/followers_synchronization`;
      const response = await peer.get(url, zed);
      assert.equal(response.status, 200, await response.clone().text());
      assert.match(response.headers.get("cache-control") ?? "", /private/);
      const collection = (await response.json()) as Json;
      assert.equal(collection.id, `${alice.uri}/followers_synchronization`);
      assert.equal(collection.type, "OrderedCollection");
      assert.deepEqual([collection.orderedItems].flat(), [zed.id]);
      const unsigned = await peer.get(url);
      assert.equal(unsigned.status, 401);
      assert.deepEqual(await unsigned.json(), { error: "Request not signed" });
      assert.equal((await peer.get(`${f.h.url}/users/nobody/followers_synchronization`, zed)).status, 404);
    });

    it("on a header whose digest differs, fetches the list and ends, accepts or undoes the local follows to match it", async () => {
      const [lena, mia, nico, omar] = ["lena", "mia", "nico", "omar"].map((name) => f.h.addAccount(name));
      // Here lena and mia follow zed, and nico asked to; zed's server lists mia, nico and omar.
      f.h.answer("listFollowers", async ({ accountId }: { accountId: string }) => ({ accounts: accountId === zedAccount.id ? [lena!, mia!] : [] }));
      await saveSentRelationship(f.h.db, { kind: "Follow", accountId: nico!.id, targetAccountId: zedAccount.id }, `${nico!.uri}#follows/1`, new Date());
      peer.serve("/users/zed/followers_synchronization", { "@context": AS, id: `${zed.id}/followers_synchronization`, type: "OrderedCollection", orderedItems: [mia!.uri, nico!.uri, omar!.uri, `${peer.origin}/users/other`] });
      const header = (digest: string, collection = `${zed.id}/followers`) => ({ "Collection-Synchronization": `collectionId="${collection}", url="${zed.id}/followers_synchronization", digest="${digest}"` });
      const edges = (method: string) => f.h.calls.filter((c) => c.method === method).map((c) => c.request);

      // The same digest as here: nothing to do.
      assert.equal((await peer.send(zed, `${f.h.url}/inbox`, like(), { headers: header(followersDigest([mia!.uri, lena!.uri])) })).status, 202);
      await waitFor(() => f.h.logs.find((l) => l.msg === "followers already in sync" && l.actor === zed.id), { what: "the digest compared" });
      // Another actor's collection named: ignored.
      assert.equal((await peer.send(zed, `${f.h.url}/inbox`, like(), { headers: header("0".repeat(64), `${peer.origin}/users/other/followers`) })).status, 202);

      assert.equal((await peer.send(zed, `${f.h.url}/inbox`, like(), { headers: header("0".repeat(64)) })).status, 202);
      await waitFor(() => f.h.logs.find((l) => l.msg === "followers synchronized" && l.actor === zed.id), { what: "the followers synchronized" });
      assert.deepEqual(edges("receiveFollowReject"), [{ accountId: lena!.id, targetAccountId: zedAccount.id }]);
      assert.deepEqual(edges("receiveFollowAccept"), [{ accountId: nico!.id, targetAccountId: zedAccount.id }]);
      const undo = (await f.h.db.table("delivery_activities").where({ sender_account_id: omar!.id, activity_type: "Undo" }).first()) as Json;
      const sent = JSON.parse(undo.body) as Json;
      assert.equal(sent.actor, omar!.uri);
      assert.deepEqual({ type: sent.object.type, actor: sent.object.actor, object: sent.object.object }, { type: "Follow", actor: omar!.uri, object: zed.id });
      assert.deepEqual(undo.inboxes, [`${zed.id}/inbox`]);
    });
  });
}
