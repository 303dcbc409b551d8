// Relationships and interactions sent and taken back: every Undo names the activity it undoes by
// the id that activity was sent with, and embeds it in the shape Mastodon sends (GoToSocial refuses
// an Undo whose object has no id; Mastodon matches the id against what it stored).
import assert from "node:assert/strict";
import { saveInboundFollow } from "../src/data/remote-actors-queries.ts";
import { backends } from "./harness.ts";
import { startOutboundFixture, type OutboundFixture } from "./outbound-fixture.ts";

for (const backend of backends) {
  describe(`federation outbound Undo activities (${backend.name})`, function () {
    this.timeout(60_000);
    let f: OutboundFixture;
    before(async () => {
      f = await startOutboundFixture(backend);
    });
    after(() => f?.h.stop());

    const queued = (activityId: string) => f.h.queued(activityId);

    it("sends Follow for a local request, Accept naming the remote Follow it received, and Undo(Follow) embedding the Follow it sent, id included", async () => {
      const { alice, bob, carol } = f;
      await f.publish("follow.requested", alice.id, { requestId: "777", accountId: alice.id, targetAccountId: bob.id });
      const follow = await queued(`${alice.uri}#follows/777`);
      assert.equal(follow.type, "Follow");
      assert.equal(follow.activity.object, bob.uri);
      assert.deepEqual(follow.inboxes, [`${bob.uri}/inbox`]);

      await saveInboundFollow(f.h.db, carol.id, alice.id, "http://other.test/follows/abc", new Date());
      await f.publish("follow.accepted", carol.id, { followId: "888", accountId: carol.id, targetAccountId: alice.id, showReblogs: true, notify: false });
      const accept = await queued(`${alice.uri}#accepts/follows/888`);
      assert.equal(accept.activity.actor, alice.uri);
      assert.deepEqual({ id: accept.activity.object.id, actor: accept.activity.object.actor, object: accept.activity.object.object }, { id: "http://other.test/follows/abc", actor: carol.uri, object: alice.uri });
      assert.deepEqual(accept.inboxes, [`${carol.uri}/inbox`]);

      await f.publish("follow.removed", alice.id, { accountId: alice.id, targetAccountId: bob.id });
      const undo = await queued(`${alice.uri}#follows/777/undo`);
      assert.equal(undo.type, "Undo");
      assert.equal(undo.activity.actor, alice.uri);
      assert.deepEqual(undo.activity.object, { id: `${alice.uri}#follows/777`, type: "Follow", actor: alice.uri, object: bob.uri });
      assert.deepEqual(undo.inboxes, [`${bob.uri}/inbox`]);
    });

    it("sends Undo(Block) embedding the Block it sent, id included", async () => {
      const { alice, carol } = f;
      await f.publish("block.created", alice.id, { blockId: "555", accountId: alice.id, targetAccountId: carol.id });
      await queued(`${alice.uri}#blocks/555`);
      await f.publish("block.removed", alice.id, { accountId: alice.id, targetAccountId: carol.id });
      const undo = await queued(`${alice.uri}#blocks/555/undo`);
      assert.deepEqual(undo.activity.object, { id: `${alice.uri}#blocks/555`, type: "Block", actor: alice.uri, object: carol.uri });
      assert.deepEqual(undo.inboxes, [`${carol.uri}/inbox`]);
    });

    it("sends a reblog as an Announce whose id is the reblog's URI, and un-boosting as Undo(Announce) embedding that Announce", async () => {
      const { alice, bob } = f;
      const original = f.addStatus({ accountId: bob.id, uri: `${bob.uri}/statuses/42`, local: false });
      const reblog = f.addStatus({ reblogOfId: original.id });
      // Mastodon's reblog URI is its Announce's id: statuses mints it as …/statuses/ID/activity.
      const reblogUri = `${alice.uri}/statuses/${reblog.id}/activity`;
      f.federated.set(reblog.id, { ...f.federated.get(reblog.id)!, status: { ...reblog, uri: reblogUri }, reblogOfUri: original.uri });
      await f.publish("status.created", reblog.id, { statusId: reblog.id, accountId: alice.id, visibility: "public", local: true, mentionedAccountIds: [], createdAt: reblog.createdAt, reblogOfId: original.id, reblogOfAccountId: bob.id, tags: [], hasMedia: false });
      const announce = await queued(reblogUri);
      assert.equal(announce.type, "Announce");
      assert.equal(announce.activity.object, original.uri);
      // The outbox lists the same Announce, by the same id.
      f.h.answer("listAccountStatuses", async () => ({ page: { statuses: [f.federated.get(reblog.id)!.status], accounts: [], media: [], polls: [], cards: [], emojis: [] } }));
      const outbox = (await (await fetch(`${f.h.url}/users/alice/outbox?cursor=`, { headers: { accept: "application/activity+json" } })).json()) as Record<string, any>;
      assert.deepEqual([outbox.orderedItems].flat().map((item: Record<string, any>) => [item.type, item.id]), [["Announce", reblogUri]]);

      f.federated.delete(reblog.id);
      await f.publish("reblog.deleted", reblog.id, { reblogId: reblog.id, accountId: alice.id, statusId: original.id, statusAccountId: bob.id });
      const undo = await queued(`${alice.uri}#announces/${reblog.id}/undo`);
      assert.equal(undo.activity.actor, alice.uri);
      const { "@context": _context, ...sent } = announce.activity;
      assert.deepEqual(undo.activity.object, sent);
      assert.deepEqual(undo.inboxes, announce.inboxes);
    });

    it("sends Undo(Like) embedding the Like it sent", async () => {
      const { alice, bob } = f;
      const liked = f.addStatus({ accountId: bob.id, uri: `${bob.uri}/statuses/43`, local: false });
      await f.publish("favourite.created", alice.id, { favouriteId: "321", accountId: alice.id, statusId: liked.id, statusAccountId: bob.id, createdAt: new Date() });
      await queued(`${alice.uri}#likes/321`);
      await f.publish("favourite.deleted", alice.id, { favouriteId: "321", accountId: alice.id, statusId: liked.id, statusAccountId: bob.id });
      const undo = await queued(`${alice.uri}#likes/321/undo`);
      assert.deepEqual(undo.activity.object, { id: `${alice.uri}#likes/321`, type: "Like", actor: alice.uri, object: liked.uri });
    });
  });
}
