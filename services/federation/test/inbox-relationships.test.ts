import assert from "node:assert/strict";
import { generateCryptoKeyPair } from "@fedify/fedify";
import { findInboundFollow, findRemoteActorByUri } from "../src/data/remote-actors-queries.ts";
import { backends, BASE_URL, startHarness, type Harness } from "./harness.ts";
import { startSigningPeer, type PeerActor, type SigningPeer } from "./signing-peer.ts";

const AS = "https://www.w3.org/ns/activitystreams";

for (const backend of backends) {
  describe(`federation inbox: signatures and relationships (${backend.name})`, function () {
    this.timeout(60_000);
    let h: Harness;
    let peer: SigningPeer;
    let bob: PeerActor;
    let carolId: string;
    const carol = `${BASE_URL}/users/carol`;
    let seq = 0;
    const activityId = () => `${peer.origin}/activities/${++seq}`;
    const follow = (actor = bob.id) => ({ "@context": AS, id: activityId(), type: "Follow", actor, object: carol });
    const inbox = () => `${h.url}/users/carol/inbox`;
    const methods = () => h.calls.map((c) => c.method);
    const bobAccountId = () => h.remoteAccounts.get(bob.id)!.id;

    before(async () => {
      h = await startHarness(backend);
      peer = await startSigningPeer();
      carolId = h.addAccount("carol").id;
      bob = await peer.actor("bob", { summary: '<p>hi <script>alert(1)</script><a href="javascript:x">x</a></p>', manuallyApprovesFollowers: true });
    });
    after(async () => {
      await h?.stop();
      await peer?.stop();
    });
    beforeEach(() => {
      h.calls.length = 0;
    });

    // Before anything is stored: each refusal must leave no trace.
    const refused = async (response: Response, status: number) => {
      assert.equal(response.status, status, await response.text());
      assert.deepEqual(methods(), []);
      assert.equal(await findRemoteActorByUri(h.db, bob.id), undefined);
    };

    it("refuses a signature made with another key (401)", async () => {
      const forger = await generateCryptoKeyPair("RSASSA-PKCS1-v1_5");
      await refused(await peer.send(bob, inbox(), follow(), { signWith: forger.privateKey }), 401);
    });

    it("refuses a Date two hours old or ahead (401)", async () => {
      await refused(await peer.send(bob, inbox(), follow(), { signedAt: new Date(Date.now() - 2 * 3600_000) }), 401);
      await refused(await peer.send(bob, inbox(), follow(), { signedAt: new Date(Date.now() + 2 * 3600_000) }), 401);
    });

    it("refuses a body the Digest does not match (401)", async () => {
      const signedFor = follow();
      const sent = { ...signedFor, object: `${BASE_URL}/users/someone-else` };
      await refused(await peer.send(bob, inbox(), signedFor, { replaceBody: JSON.stringify(sent) }), 401);
    });

    it("refuses an activity whose actor is not the key's owner (401)", async () => {
      const mallory = await peer.actor("mallory");
      await refused(await peer.send(mallory, inbox(), follow(bob.id)), 401);
    });

    it("refuses a key nobody serves (401)", async () => {
      await refused(await peer.send(bob, inbox(), follow(), { keyId: `${peer.origin}/users/ghost#main-key` }), 401);
    });

    it("refuses a body that is not JSON (400)", async () => {
      await refused(await peer.send(bob, inbox(), null, { rawBody: "{not json" }), 400);
    });

    it("refuses JSON that is not an activity (400)", async () => {
      await refused(await peer.send(bob, inbox(), { "@context": AS, id: activityId(), type: "Follow", actor: bob.id, published: "yesterday" }), 400);
    });

    it("takes a signed Follow of a local account: stores the sender, remembers the Follow, tells accounts", async () => {
      const activity = follow();
      const response = await peer.send(bob, inbox(), activity);
      assert.equal(response.status, 202, await response.text());
      assert.deepEqual(methods(), ["upsertRemoteAccount", "receiveFollow"]);
      const upsert = h.calls[0]!.request;
      assert.equal(upsert.uri, bob.id);
      assert.equal(upsert.username, "bob");
      assert.equal(upsert.domain, peer.host);
      assert.equal(upsert.locked, true);
      assert.equal(upsert.note, "<p>hi <span>x</span></p>");
      assert.deepEqual(h.calls[1]!.request, { accountId: bobAccountId(), targetAccountId: carolId });
      assert.equal(await findInboundFollow(h.db, bobAccountId(), carolId), activity.id);
      const stored = await findRemoteActorByUri(h.db, bob.id);
      assert.equal(stored?.inboxUrl, `${bob.id}/inbox`);
      assert.equal(stored?.sharedInboxUrl, `${peer.origin}/inbox`);
      assert.equal(stored?.followersUrl, `${bob.id}/followers`);
    });

    it("ignores a Follow of an account that is not local (accepted, nothing done)", async () => {
      const response = await peer.send(bob, `${h.url}/inbox`, { ...follow(), object: `${peer.origin}/users/someone` });
      assert.equal(response.status, 202);
      assert.deepEqual(methods(), []);
    });

    it("Undo Follow and Undo Block end the edge; Block makes one", async () => {
      const followed = follow();
      assert.equal((await peer.send(bob, `${h.url}/inbox`, { "@context": AS, id: activityId(), type: "Undo", actor: bob.id, object: followed })).status, 202);
      const block = { id: activityId(), type: "Block", actor: bob.id, object: carol };
      assert.equal((await peer.send(bob, inbox(), { "@context": AS, ...block })).status, 202);
      assert.equal((await peer.send(bob, inbox(), { "@context": AS, id: activityId(), type: "Undo", actor: bob.id, object: block })).status, 202);
      const edge = { accountId: bobAccountId(), targetAccountId: carolId };
      assert.deepEqual(h.calls.map((c) => [c.method, c.request]), [["receiveUnfollow", edge], ["receiveBlock", edge], ["receiveUnblock", edge]]);
    });

    it("ignores an Undo of someone else's Follow", async () => {
      const mallory = await peer.actor("mallory2");
      const response = await peer.send(mallory, inbox(), { "@context": AS, id: activityId(), type: "Undo", actor: mallory.id, object: follow(bob.id) });
      assert.equal(response.status, 202);
      assert.ok(!methods().includes("receiveUnfollow"));
    });

    it("Accept and Reject of our Follow answer the local follower's request", async () => {
      const ours = { id: `${carol}#follows/1`, type: "Follow", actor: carol, object: bob.id };
      assert.equal((await peer.send(bob, inbox(), { "@context": AS, id: activityId(), type: "Accept", actor: bob.id, object: ours })).status, 202);
      assert.equal((await peer.send(bob, inbox(), { "@context": AS, id: activityId(), type: "Reject", actor: bob.id, object: ours.id })).status, 202);
      // The local follower acts on the remote account it asked to follow.
      const edge = { accountId: carolId, targetAccountId: bobAccountId() };
      assert.deepEqual(h.calls.map((c) => [c.method, c.request]), [["receiveFollowAccept", edge], ["receiveFollowReject", edge]]);
    });

    it("ignores an Accept of a Follow addressed to someone else", async () => {
      const other = { id: `${peer.origin}/f/1`, type: "Follow", actor: carol, object: `${peer.origin}/users/someone` };
      assert.equal((await peer.send(bob, inbox(), { "@context": AS, id: activityId(), type: "Accept", actor: bob.id, object: other })).status, 202);
      assert.deepEqual(methods(), []);
    });

    it("Move is honoured only when the new actor lists the old one in alsoKnownAs", async () => {
      const mover = await peer.actor("mover");
      const liar = await peer.actor("liar");
      const moved = await peer.actor("moved", { alsoKnownAs: [mover.id] });
      const move = (target: string) => ({ "@context": AS, id: activityId(), type: "Move", actor: mover.id, object: mover.id, target });
      assert.equal((await peer.send(mover, `${h.url}/inbox`, move(liar.id))).status, 202);
      assert.ok(!methods().includes("receiveMove"));
      assert.equal((await peer.send(mover, `${h.url}/inbox`, move(moved.id))).status, 202);
      const call = h.calls.find((c) => c.method === "receiveMove");
      assert.deepEqual(call?.request, { accountId: h.remoteAccounts.get(mover.id)!.id, targetAccountId: h.remoteAccounts.get(moved.id)!.id });
    });

    it("Move to a local account is honoured only when that account lists the old actor among its aliases", async () => {
      const dana = h.addAccount("dana");
      const leaver = await peer.actor("leaver", { movedTo: dana.uri });
      const move = (target: string) => ({ "@context": AS, id: activityId(), type: "Move", actor: leaver.id, object: leaver.id, target });
      assert.equal((await peer.send(leaver, `${h.url}/inbox`, move(dana.uri))).status, 202);
      assert.equal((await peer.send(leaver, `${h.url}/inbox`, move(`${BASE_URL}/users/nobody`))).status, 202);
      assert.ok(!methods().includes("receiveMove"));
      h.aliases.set(dana.id, [leaver.id]);
      assert.equal((await peer.send(leaver, `${h.url}/inbox`, move(`${dana.uri}/statuses/1`))).status, 202);
      assert.ok(!methods().includes("receiveMove"));
      assert.equal((await peer.send(leaver, `${h.url}/inbox`, move(dana.uri))).status, 202);
      const call = h.calls.find((c) => c.method === "receiveMove");
      assert.deepEqual(call?.request, { accountId: h.remoteAccounts.get(leaver.id)!.id, targetAccountId: dana.id });
      assert.equal(h.remoteAccounts.get(leaver.id)!.movedToAccountId, dana.id);
    });
  });
}
