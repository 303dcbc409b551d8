import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { Accept, Activity, Create, Delete, Follow, Hashtag, Mention, Move, Note, Person, PropertyValue, Question, Tombstone, Undo, Update } from "@fedify/fedify/vocab";
import { startFedifyPeer, type FedifyPeer } from "../src/harness/fedify-peer.ts";
import * as mastodon from "../src/harness/mastodon-fixtures.ts";

/** Node 20 has no Array.fromAsync. */
async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** The peer on its own: two of them federating, and its inbox refusing what is not properly signed. */
describe("the Fedify peer test server", () => {
  let a: FedifyPeer;
  let b: FedifyPeer;
  let alice: string;
  let carol: string;
  let bob: string;
  let dave: string;

  before(async () => {
    a = await startFedifyPeer();
    b = await startFedifyPeer({ host: "127.0.0.1" });
    alice = await a.addActor("alice", { name: "Alice", summary: "<p>hi</p>", fields: [{ name: "Site", value: "example" }] });
    carol = await a.addActor("carol");
    bob = await b.addActor("bob");
    dave = await b.addActor("dave", { locked: true });
  });
  after(async () => {
    await a?.stop();
    await b?.stop();
  });

  const receivedIds = (peer: FedifyPeer) => peer.received.map((r) => r.activity.id?.href);

  it("serves WebFinger and a Person with an RSA key, a Multikey and its profile fields", async () => {
    assert.notEqual(a.host, b.host);
    const finger = await fetch(`${a.origin}/.well-known/webfinger?resource=${encodeURIComponent(`acct:alice@${a.host}`)}`);
    assert.equal(finger.status, 200);
    const self = ((await finger.json()) as any).links.find((l: any) => l.rel === "self");
    assert.equal(self.href, alice);
    const actor = await a.actorDocument("alice");
    assert.equal(actor.id, alice);
    assert.equal(actor.inbox, a.inboxUri("alice"));
    assert.equal(actor.endpoints.sharedInbox, a.sharedInbox);
    assert.equal(actor.publicKey.id, `${alice}#main-key`);
    assert.match(actor.publicKey.publicKeyPem, /BEGIN PUBLIC KEY/);
    assert.equal(actor.assertionMethod[0].type, "Multikey");
    assert.deepEqual([actor.attachment].flat(), [{ type: "PropertyValue", name: "Site", value: "example" }]);
  });

  it("delivers a signed Follow, which the followed peer verifies, records and accepts", async () => {
    const id = `${alice}#follows/${randomUUID()}`;
    const status = await a.send("alice", new Follow({ id: new URL(id), actor: new URL(alice), object: new URL(bob) }), b.inboxUri("bob"));
    assert.equal(status, 202);
    const received = await b.waitForActivity((r) => r.activity.id?.href === id);
    assert.ok(received.activity instanceof Follow);
    assert.equal(received.recipient, "bob");
    assert.equal(received.json.actor, alice);

    const accept = await a.waitForActivity((r) => r.activity instanceof Accept && r.activity.objectId?.href === id);
    assert.equal(accept.activity.actorId?.href, bob);
    assert.equal(accept.recipient, "alice");
    assert.deepEqual(b.followers("bob"), [alice]);
    const collection = await (await fetch(`${bob}/followers`, { headers: { accept: "application/activity+json" } })).json();
    assert.deepEqual((collection as any).orderedItems ?? (collection as any).items, [alice]);

    assert.equal(await a.sendJson("alice", mastodon.undo(received.json), b.inboxUri("bob")), 202);
    await b.waitForActivity((r) => r.activity instanceof Undo && r.activity.actorId?.href === alice);
    assert.deepEqual(b.followers("bob"), []);
    assert.deepEqual(a.errors, []);
    assert.deepEqual(b.errors, []);
  });

  it("holds a Follow of a locked actor until it is accepted", async () => {
    const follow = mastodon.follow({ actor: carol, object: dave });
    assert.equal(await a.sendJson("carol", follow, b.inboxUri("dave")), 202);
    await b.waitForActivity((r) => r.activity.id?.href === follow.id);
    assert.deepEqual(b.followers("dave"), []);
    await b.acceptFollow("dave", carol);
    await a.waitForActivity((r) => r.activity instanceof Accept && r.activity.objectId?.href === follow.id);
    assert.deepEqual(b.followers("dave"), [carol]);
  });

  it("records Mastodon-shaped JSON on the shared inbox", async () => {
    const create = mastodon.createNote({ actor: alice, content: "<p>shared</p>", mentions: [{ href: bob, name: `@bob@${b.host}` }] });
    assert.equal(await a.sendJson("alice", create, b.sharedInbox), 202);
    const received = await b.waitForActivity((r) => r.activity.id?.href === create.id);
    assert.equal(received.recipient, null);
    assert.equal(received.json.object.content, "<p>shared</p>");

    // An Undo naming an Announce the peer cannot fetch is recorded, not an error.
    const undo = mastodon.undoAnnounce(mastodon.announce({ actor: alice, object: `${bob}/statuses/1` }));
    assert.equal(await a.sendJson("alice", undo, b.sharedInbox), 202);
    await b.waitForActivity((r) => r.activity.id?.href === undo.id);
    assert.deepEqual(b.errors, []);
  });

  it("serves the objects it is given at their ids", async () => {
    const object = mastodon.note({ actor: alice });
    a.serveObject({ "@context": mastodon.MASTODON_CONTEXT, ...object });
    const response = await fetch(object.id, { headers: { accept: "application/activity+json" } });
    assert.equal(response.status, 200);
    assert.equal(((await response.json()) as any).id, object.id);
  });

  describe("refuses and does not record", () => {
    const like = () => mastodon.like({ actor: alice, object: `${bob}/statuses/1` });

    it("an unsigned POST (401)", async () => {
      const activity = like();
      assert.equal(await a.postUnsigned(activity, b.inboxUri("bob")), 401);
      assert.ok(!receivedIds(b).includes(activity.id));
    });

    const tampered: [string, (activity: Record<string, any>) => Parameters<FedifyPeer["sendJson"]>[3]][] = [
      ["a Digest that does not match the body", () => ({ digest: `SHA-256=${Buffer.alloc(32).toString("base64")}` })],
      ["a body other than the one signed", (activity) => ({ body: JSON.stringify({ ...activity, object: `${bob}/statuses/2` }) })],
      ["a Date two hours old", () => ({ date: new Date(Date.now() - 2 * 3_600_000) })],
      ["a keyId of another actor (a forged signature)", () => ({ keyId: `${carol}#main-key` })],
    ];
    for (const [what, tamper] of tampered) {
      it(`a request with ${what} (401)`, async () => {
        const activity = like();
        assert.equal(await a.sendJson("alice", activity, b.inboxUri("bob"), tamper(activity)), 401);
        assert.ok(!receivedIds(b).includes(activity.id));
      });
    }

    it("an activity whose actor is not the signer (401)", async () => {
      const activity = like();
      assert.equal(await a.sendJson("carol", activity, b.inboxUri("bob")), 401);
      assert.ok(!receivedIds(b).includes(activity.id));
    });

    it("while the same request untampered is accepted (the negative cases can fail)", async () => {
      const activity = like();
      assert.equal(await a.sendJson("alice", activity, b.inboxUri("bob")), 202);
      await b.waitForActivity((r) => r.activity.id?.href === activity.id);
    });
  });

  it("builds Mastodon fixtures that Fedify's vocabulary reads", async () => {
    const parse = (json: Record<string, any>) => Activity.fromJsonLd(json);

    const create = await parse(
      mastodon.createNote({
        actor: alice,
        visibility: "unlisted",
        summary: "cw",
        sensitive: true,
        mentions: [{ href: bob, name: `@bob@${b.host}` }],
        hashtags: ["Fediverse"],
        emojis: [{ shortcode: "blobcat", iconUrl: `${a.origin}/emoji/blobcat.png` }],
        attachments: [{ url: `${a.origin}/media/1.png`, mediaType: "image/png", name: "alt", width: 10, height: 10 }],
      }),
    );
    assert.ok(create instanceof Create);
    const noteObject = await create.getObject();
    assert.ok(noteObject instanceof Note);
    assert.equal(noteObject.sensitive, true);
    assert.deepEqual(
      noteObject.ccIds.map((u) => u.href),
      [mastodon.PUBLIC, bob],
    );
    const tags = await all(noteObject.getTags());
    assert.ok(tags.some((t) => t instanceof Mention && t.href?.href === bob));
    assert.ok(tags.some((t) => t instanceof Hashtag && t.name?.toString() === "#Fediverse"));
    assert.equal(tags.length, 3);
    assert.equal((await all(noteObject.getAttachments())).length, 1);

    const poll = await (await parse(mastodon.createQuestion({ actor: alice, choices: [{ name: "yes", votes: 2 }, { name: "no", votes: 1 }] }))).getObject();
    assert.ok(poll instanceof Question);
    assert.equal(poll.voters, 3);
    assert.deepEqual((await all(poll.getExclusiveOptions())).map((o) => o.name?.toString()), ["yes", "no"]);

    const followJson = mastodon.follow({ actor: alice, object: bob });
    assert.ok((await parse(followJson)) instanceof Follow);
    const undone = await (await parse(mastodon.undo(followJson))).getObject();
    assert.ok(undone instanceof Follow);
    assert.equal(undone.id?.href, followJson.id);

    const announceJson = mastodon.announce({ actor: alice, object: `${bob}/statuses/1`, objectAuthor: bob });
    assert.equal((await parse(announceJson)).objectId?.href, `${bob}/statuses/1`);
    assert.equal((await parse(mastodon.undoAnnounce(announceJson))).objectId?.href, announceJson.id);
    assert.equal((await parse(mastodon.like({ actor: alice, object: `${bob}/statuses/1` }))).objectId?.href, `${bob}/statuses/1`);
    assert.equal((await parse(mastodon.block({ actor: alice, object: bob }))).objectId?.href, bob);

    const update = await parse(mastodon.updatePerson(mastodon.person({ id: alice, name: "Alice B", fields: [{ name: "Pronouns", value: "she/her" }], alsoKnownAs: [bob] })));
    assert.ok(update instanceof Update);
    const profile = await update.getObject();
    assert.ok(profile instanceof Person);
    assert.equal(profile.name?.toString(), "Alice B");
    assert.deepEqual(profile.aliasIds.map((u) => u.href), [bob]);
    const [field] = await all(profile.getAttachments());
    assert.ok(field instanceof PropertyValue);
    assert.equal(field.value?.toString(), "she/her");
    // The peer's own served document reads the same way.
    assert.ok((await (await parse(mastodon.updatePerson(await a.actorDocument("alice")))).getObject()) instanceof Person);

    const deletion = await parse(mastodon.deleteNote({ actor: alice, object: `${alice}/statuses/1` }));
    assert.ok(deletion instanceof Delete);
    assert.ok((await deletion.getObject()) instanceof Tombstone);
    assert.equal((await parse(mastodon.deleteActor(alice))).objectId?.href, alice);

    const moved = await parse(mastodon.move({ actor: alice, target: bob }));
    assert.ok(moved instanceof Move);
    assert.equal(moved.targetId?.href, bob);

    const edit = await (await parse(mastodon.updateNote(mastodon.note({ actor: alice, content: "<p>edited</p>" })))).getObject();
    assert.ok(edit instanceof Note);
    assert.ok(edit.updated);
  });
});
