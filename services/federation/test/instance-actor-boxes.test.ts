import assert from "node:assert/strict";
import { findInboundFollow } from "../src/data/remote-actors-queries.ts";
import { backends, BASE_URL, startHarness, type Harness } from "./harness.ts";
import { startSigningPeer, type PeerActor, type SigningPeer } from "./signing-peer.ts";

const AS = "https://www.w3.org/ns/activitystreams";
const AP = "application/activity+json";

for (const backend of backends) {
  describe(`federation: the instance actor's inbox and outbox (${backend.name})`, function () {
    this.timeout(60_000);
    let h: Harness;
    let peer: SigningPeer;
    let bob: PeerActor;
    let daveId: string;

    before(async () => {
      h = await startHarness(backend);
      peer = await startSigningPeer();
      daveId = h.addAccount("dave").id;
      bob = await peer.actor("bob");
    });
    after(async () => {
      await h?.stop();
      await peer?.stop();
    });

    it("advertises /actor/inbox and /actor/outbox, the shared inbox as its endpoint", async () => {
      const actor = (await (await fetch(`${h.url}/actor`, { headers: { accept: AP } })).json()) as Record<string, any>;
      assert.equal(actor.inbox, `${BASE_URL}/actor/inbox`);
      assert.equal(actor.outbox, `${BASE_URL}/actor/outbox`);
      assert.equal(actor.endpoints.sharedInbox, `${BASE_URL}/inbox`);
    });

    it("serves /actor/outbox as an empty OrderedCollection", async () => {
      const response = await fetch(`${h.url}/actor/outbox`, { headers: { accept: AP } });
      assert.equal(response.status, 200);
      assert.match(response.headers.get("content-type") ?? "", /application\/activity\+json/);
      const outbox = (await response.json()) as Record<string, any>;
      assert.equal(outbox.id, `${BASE_URL}/actor/outbox`);
      assert.equal(outbox.type, "OrderedCollection");
      assert.equal(outbox.totalItems, 0);
      assert.deepEqual([outbox.orderedItems ?? []].flat(), []);
    });

    it("takes a signed activity at /actor/inbox as the shared inbox does", async () => {
      const follow = { "@context": AS, id: `${peer.origin}/activities/f1`, type: "Follow", actor: bob.id, object: `${BASE_URL}/users/dave` };
      const response = await peer.send(bob, `${h.url}/actor/inbox`, follow);
      assert.equal(response.status, 202, await response.text());
      const bobId = h.remoteAccounts.get(bob.id)!.id;
      assert.deepEqual(h.calls.find((c) => c.method === "receiveFollow")?.request, { accountId: bobId, targetAccountId: daveId });
      assert.equal(await findInboundFollow(h.db, bobId, daveId), follow.id);
    });

    it("refuses an unsigned or forged activity at /actor/inbox (401)", async () => {
      const follow = { "@context": AS, id: `${peer.origin}/activities/f2`, type: "Follow", actor: bob.id, object: `${BASE_URL}/users/dave` };
      const unsigned = await fetch(`${h.url}/actor/inbox`, { method: "POST", headers: { "content-type": AP }, body: JSON.stringify(follow) });
      assert.equal(unsigned.status, 401);
      const forger = (await peer.actor("mallory")).keys.privateKey;
      assert.equal((await peer.send(bob, `${h.url}/actor/inbox`, follow, { signWith: forger })).status, 401);
    });
  });
}
