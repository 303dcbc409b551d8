// Outbound federation: domain events published on the bus become activities in the delivery queue
// (delivery_activities / deliveries), and local statuses are served to GETs as Note or Question.
import assert from "node:assert/strict";
import type { Account } from "@starling/proto/accounts/v1/accounts";
import type { FederatedStatus } from "@starling/proto/statuses/v1/federated_statuses";
import { waitFor } from "@starling/testkit";
import { backends, BASE_URL, type Harness } from "./harness.ts";
import { startOutboundFixture, type OutboundFixture } from "./outbound-fixture.ts";

type Json = Record<string, any>;
const PUBLIC = "as:Public";
const list = (value: unknown): any[] => (value === undefined ? [] : [value].flat());

for (const backend of backends) {
  describe(`federation outbound activities and local objects (${backend.name})`, function () {
    this.timeout(60_000);
    let f: OutboundFixture;
    let h: Harness;
    let alice: Account;
    let bob: Account;
    let carol: Account;
    let federated: Map<string, FederatedStatus>;
    let addStatus: OutboundFixture["addStatus"];
    let publish: OutboundFixture["publish"];
    const queued = (activityId: string) => h.queued(activityId);

    before(async () => {
      f = await startOutboundFixture(backend);
      ({ h, alice, bob, carol, federated, addStatus, publish } = f);
    });
    after(() => h?.stop());

    it("sends a public status as Create(Note) to followers' shared inboxes and mentioned accounts, then its Delete to the same inboxes", async () => {
      const status = addStatus({ mentionedAccountIds: [carol.id], tags: ["cats"], spoilerText: "cw", sensitive: true, content: "<p>Hi @carol #cats</p>" });
      await publish("status.created", status.id, { statusId: status.id, accountId: alice.id, visibility: "public", local: true, mentionedAccountIds: [carol.id], createdAt: status.createdAt, language: "en", tags: [], hasMedia: false });
      const { activity, type, inboxes } = await queued(`${status.uri}/activity`);
      assert.equal(type, "Create");
      assert.equal(activity.actor, alice.uri);
      assert.deepEqual(inboxes, ["http://other.test/inbox", "http://remote.test/inbox"]);
      const note = activity.object;
      assert.equal(note.type, "Note");
      assert.equal(note.id, status.uri);
      assert.equal(note.url, status.url);
      assert.equal(note.attributedTo, alice.uri);
      assert.deepEqual(list(note.to), [PUBLIC]);
      assert.deepEqual(list(note.cc), [`${alice.uri}/followers`, carol.uri]);
      assert.equal(note.content, "<p>Hi @carol #cats</p>");
      assert.deepEqual(note.contentMap, { en: "<p>Hi @carol #cats</p>" });
      assert.equal(note.summary, "cw");
      assert.equal(note.sensitive, true);
      assert.equal(note.published, "2024-05-01T10:00:00Z");
      const tags = list(note.tag);
      assert.ok(tags.some((t: Json) => t.type === "Mention" && t.href === carol.uri && t.name === "@carol@other.test"));
      assert.ok(tags.some((t: Json) => t.type === "Hashtag" && t.href === `${BASE_URL}/tags/cats` && t.name === "#cats"));

      federated.delete(status.id);
      await publish("status.deleted", status.id, { statusId: status.id, accountId: alice.id, visibility: "public", local: true, tags: [], hasMedia: false });
      const deleted = await queued(`${status.uri}#delete`);
      assert.equal(deleted.type, "Delete");
      assert.equal(deleted.activity.object.type, "Tombstone");
      assert.equal(deleted.activity.object.id, status.uri);
      assert.deepEqual(deleted.inboxes, inboxes);
    });

    it("addresses unlisted, private and direct statuses as Mastodon does", async () => {
      const unlisted = addStatus({ visibility: "unlisted" });
      const direct = addStatus({ visibility: "direct", mentionedAccountIds: [carol.id] });
      for (const s of [unlisted, direct]) {
        await publish("status.created", s.id, { statusId: s.id, accountId: alice.id, visibility: s.visibility, local: true, mentionedAccountIds: s.mentionedAccountIds, createdAt: s.createdAt, language: "en", tags: [], hasMedia: false });
      }
      const u = await queued(`${unlisted.uri}/activity`);
      assert.deepEqual(list(u.activity.object.to), [`${alice.uri}/followers`]);
      assert.deepEqual(list(u.activity.object.cc), [PUBLIC]);
      const d = await queued(`${direct.uri}/activity`);
      assert.deepEqual(list(d.activity.object.to), [carol.uri]);
      assert.deepEqual(list(d.activity.object.cc), []);
      assert.deepEqual(d.inboxes, ["http://other.test/inbox"], "a direct message reaches only the mentioned accounts");
    });

    it("sends nothing for a remote status (no echo)", async () => {
      const foreign = addStatus({ accountId: bob.id, uri: `${bob.uri}/statuses/1`, local: false });
      await publish("status.created", foreign.id, { statusId: foreign.id, accountId: bob.id, visibility: "public", local: false, mentionedAccountIds: [], createdAt: new Date(), tags: [], hasMedia: false });
      // A local event under the same key is handled after it: once that one is queued, the remote one had its turn.
      const marker = addStatus({});
      await publish("status.created", foreign.id, { statusId: marker.id, accountId: alice.id, visibility: "public", local: true, mentionedAccountIds: [], createdAt: new Date(), tags: [], hasMedia: false });
      await queued(`${marker.uri}/activity`);
      assert.equal(await h.db.table("delivery_activities").where({ activity_id: `${foreign.uri}/activity` }).first(), undefined);
    });

    it("serves a public status as a Note, a poll as a Question, and 404 for private statuses and other authors' paths", async () => {
      const open = addStatus({ visibility: "unlisted", inReplyToId: "1", inReplyToAccountId: bob.id }, { inReplyToUri: `${bob.uri}/statuses/1` });
      const poll = addStatus({ pollId: "p1" }, { poll: { options: [{ title: "Yes", votesCount: 2 }, { title: "No", votesCount: 1 }], multiple: false, expiresAt: new Date(Date.now() + 3_600_000), votersCount: 3 } });
      const hidden = addStatus({ visibility: "private" });
      const get = (path: string) => fetch(`${h.url}${path}`, { headers: { accept: "application/activity+json" } });
      const response = await get(`/users/alice/statuses/${open.id}`);
      assert.equal(response.status, 200);
      assert.match(response.headers.get("content-type") ?? "", /application\/activity\+json/);
      const note = (await response.json()) as Json;
      assert.equal(note.type, "Note");
      assert.equal(note.id, open.uri);
      assert.equal(note.inReplyTo, `${bob.uri}/statuses/1`);
      // The JSON-LD media type with the ActivityStreams profile is answered alike.
      const asLd = await fetch(`${h.url}/users/alice/statuses/${open.id}`, { headers: { accept: 'application/ld+json; profile="https://www.w3.org/ns/activitystreams"' } });
      assert.equal(asLd.status, 200);
      assert.equal(((await asLd.json()) as Json).id, open.uri);
      const question = (await (await get(`/users/alice/statuses/${poll.id}`)).json()) as Json;
      assert.equal(question.type, "Question");
      assert.equal(question.votersCount, 3);
      assert.deepEqual(list(question.oneOf).map((o: Json) => [o.name, o.replies.totalItems]), [["Yes", 2], ["No", 1]]);
      assert.ok(question.endTime);
      assert.equal((await get(`/users/alice/statuses/${hidden.id}`)).status, 404);
      assert.equal((await get(`/users/bob/statuses/${open.id}`)).status, 404);
      assert.equal((await get("/users/alice/statuses/999999")).status, 404);
    });

    it("serves the instance actor at /actor with a key, and links featured from actors", async () => {
      const instance = (await (await fetch(`${h.url}/actor`, { headers: { accept: "application/activity+json" } })).json()) as Json;
      assert.equal(instance.type, "Application");
      assert.equal(instance.id, `${BASE_URL}/actor`);
      assert.equal(instance.publicKey.id, `${BASE_URL}/actor#main-key`);
      assert.match(instance.publicKey.publicKeyPem, /BEGIN PUBLIC KEY/);
      const actor = (await (await fetch(`${h.url}/users/alice`, { headers: { accept: "application/activity+json" } })).json()) as Json;
      assert.equal(actor.featured, `${alice.uri}/collections/featured`);
    });

    it("sends a local account's Move (old account as actor and object, the new one as target) to its followers' shared inboxes, and Updates with its aliases", async () => {
      await publish("account.moved", alice.id, { accountId: alice.id, targetAccountId: carol.id });
      const move = await waitFor(async () => (await h.db.table("delivery_activities").where({ activity_type: "Move" }).first()) as { activity_id: string } | undefined);
      const sent = await queued(move.activity_id);
      assert.deepEqual({ actor: sent.activity.actor, object: sent.activity.object, target: sent.activity.target, to: sent.activity.to }, { actor: alice.uri, object: alice.uri, target: carol.uri, to: `${alice.uri}/followers` });
      assert.deepEqual(sent.inboxes, ["http://remote.test/inbox"]);

      h.aliases.set(alice.id, [carol.uri]);
      await publish("account.updated", alice.id, { accountId: alice.id });
      const update = await waitFor(async () => (await h.db.table("delivery_activities").where({ activity_type: "Update" }).first()) as { body: string } | undefined);
      assert.deepEqual([JSON.parse(update.body).object.alsoKnownAs].flat(), [carol.uri]);
      h.aliases.delete(alice.id);
    });
  });
}
