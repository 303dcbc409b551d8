// A local account's suspension, its lifting and its deletion as other servers hear of them: the
// actor's Update (carrying `suspended`) to its followers' servers, and the actor's Delete to every
// server known here once the account is gone.
import assert from "node:assert/strict";
import type { Account } from "@starling/proto/accounts/v1/accounts";
import { waitFor } from "@starling/testkit";
import { backends, type Harness } from "./harness.ts";
import { startOutboundFixture, type OutboundFixture } from "./outbound-fixture.ts";

type Json = Record<string, any>;

for (const backend of backends) {
  describe(`federation of account suspension and deletion (${backend.name})`, function () {
    this.timeout(60_000);
    let f: OutboundFixture;
    let h: Harness;
    let alice: Account;
    const sent = (activityId: string) => h.queued(activityId);
    const updateOf = async (eventId: string) => {
      const id = `${alice.uri}#updates/${eventId}`;
      await waitFor(async () => (await h.db.table("delivery_activities").where({ activity_id: id }).first()) ?? undefined, { what: `the Update of event ${eventId}` });
      return sent(id);
    };

    before(async () => {
      f = await startOutboundFixture(backend);
      ({ h, alice } = f);
    });
    after(() => h?.stop());

    it("sends the suspended actor, marked suspended and without its profile, in an Update to its followers' servers, and the restored actor on unsuspension", async () => {
      Object.assign(alice, { suspended: true, displayName: "Alice" });
      const suspension = await updateOf(await f.publish("account.suspended", alice.id, { accountId: alice.id, suspendedAt: new Date() }));
      const actor = suspension.activity.object as Json;
      assert.deepEqual({ type: suspension.activity.type, actor: suspension.activity.actor, id: actor.id, suspended: actor.suspended, name: actor.name }, { type: "Update", actor: alice.uri, id: alice.uri, suspended: true, name: "" });
      assert.deepEqual(suspension.inboxes, ["http://remote.test/inbox"]);

      Object.assign(alice, { suspended: false });
      const lifted = await updateOf(await f.publish("account.unsuspended", alice.id, { accountId: alice.id }));
      const restored = lifted.activity.object as Json;
      assert.equal(restored.suspended, undefined);
      assert.equal(restored.name, "Alice");
      assert.deepEqual(lifted.inboxes, ["http://remote.test/inbox"]);
    });

    it("sends a deleted local account's actor Delete to every known server's inbox, and nothing for a remote account's or a never-served one's", async () => {
      // Serving the actor makes its keys: from then on other servers may know it.
      assert.equal((await fetch(`${h.url}/users/alice`, { headers: { accept: "application/activity+json" } })).status, 200);
      const unseen = h.addAccount("unseen");
      await f.publish("account.deleted", unseen.id, { accountId: unseen.id, username: "unseen", domain: undefined });
      await f.publish("account.deleted", f.bob.id, { accountId: f.bob.id, username: "bob", domain: "remote.test" });
      await f.publish("account.deleted", alice.id, { accountId: alice.id, username: "alice", domain: undefined });
      const deletion = await waitFor(async () => (await h.db.table("delivery_activities").where({ activity_type: "Delete" }).first()) as { activity_id: string } | undefined, { what: "the actor's Delete" });
      const { activity, inboxes } = await sent(deletion.activity_id);
      assert.deepEqual({ actor: activity.actor, object: activity.object }, { actor: alice.uri, object: alice.uri });
      assert.deepEqual([...inboxes].sort(), ["http://other.test/inbox", "http://remote.test/inbox"]);
      assert.equal((await h.db.table("delivery_activities").where({ activity_type: "Delete" })).length, 1);
    });
  });
}
