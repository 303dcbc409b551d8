// Starling against bovine-herd (Python, from PyPI, pinned in scripts/bovine-herd.sh): an ActivityPub
// server that shares no code with Starling or Fedify. Its users act through their outbox (client to
// server), which bovine turns into signed deliveries; what bovine's inbox verified is read back.
// Both sides start first contact, and every interaction goes both ways where bovine can express it.
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { mastodon } from "masto";
import { waitFor } from "@starling/testkit";
import { startBovinePeer, type BovinePeer } from "../src/harness/bovine-peer.ts";
import { newSession, type Session } from "../src/harness/masto-session.ts";
import { png } from "../src/harness/media-files.ts";
import { describeOnBothStacks } from "../src/harness/on-both-stacks.ts";
import type { Stack } from "../src/harness/stack.ts";

const PUBLIC = "https://www.w3.org/ns/activitystreams#Public";
const ARRIVAL = { timeoutMs: 30_000, intervalMs: 200 };
type Json = Record<string, any>;

/** A JSON-LD value that may be one item or a list, as a list of ids (Fedify compacts the public collection to `as:Public`). */
const ids = (value: unknown): string[] =>
  [value ?? []].flat().map((item: any) => (typeof item === "string" ? item : item.id)).map((id) => (id === "as:Public" ? PUBLIC : id));

describeOnBothStacks(
  "Starling federating with bovine-herd, an independent Python server",
  (start) => {
    let stack: Stack;
    let peer: BovinePeer; // moo follows alice (first contact from bovine); bob follows cow (from Starling)
    let alice: Session;
    let bob: Session;
    let aliceUri: string;
    let bobUri: string;
    let cowOnStarling: mastodon.v1.Account;
    let bobsFollow: Json; // bob's Follow of cow, as bovine received it
    let moosFollow: string; // the id of moo's Follow of alice
    let cowsNote: string; // a public post of cow's that bob interacts with
    let alicesPost: mastodon.v1.Status; // a public post of alice's that moo interacts with
    let imageHost: ReturnType<typeof createServer>;
    const suffix = randomBytes(3).toString("hex");

    before(async function () {
      this.timeout(300_000);
      [stack, peer] = await Promise.all([start(), startBovinePeer(["moo", "cow"])]);
      const { domain } = (await (await fetch(`${stack.url}/api/v2/instance`)).json()) as { domain: string };
      alice = await newSession(stack, "alice", suffix);
      bob = await newSession(stack, "bob", suffix);
      aliceUri = `http://${domain}/users/${alice.account.username}`;
      bobUri = `http://${domain}/users/${bob.account.username}`;
      // bovine stores no media: a picture cow posts is hosted here, as on a media server.
      const picture = await png(64, 48);
      imageHost = createServer((_req, res) => res.writeHead(200, { "content-type": "image/png" }).end(picture));
      await new Promise<void>((done) => imageHost.listen(0, "127.0.0.1", done));
    });
    after(async function () {
      this.timeout(60_000);
      imageHost?.close();
      await Promise.all([stack?.stop(), peer?.stop()]);
    });

    /** Posts a Create of `object` as `handle` and returns the object's id bovine assigned. */
    const createAs = async (handle: string, object: Json) => {
      const activity = await peer.post(handle, { type: "Create", to: object.to, cc: object.cc, object: { ...object, attributedTo: peer.actors[handle]!.id } });
      return ids((await peer.get(handle, activity)).object)[0]!;
    };
    /** The first activity of `type` bovine received whose object (or its id) is `objectId`. */
    const receivedOn = (type: string, objectId: string) =>
      peer.waitFor((a) => a.type === type && (a.object?.id ?? a.object) === objectId, `${type} of ${objectId}`);
    const statusOf = (session: Session, uri: string) =>
      waitFor(async () => (await session.client.v2.search.list({ q: uri, resolve: true, type: "statuses" })).statuses[0], { ...ARRIVAL, what: `${uri} on Starling` });
    const inHome = (session: Session, uri: string) =>
      waitFor(async () => (await session.client.v1.timelines.home.list({ limit: 40 })).find((s) => s.uri === uri), { ...ARRIVAL, what: `${uri} in the home timeline` });
    /** The ids in `handle`'s own `followers` or `following` collection, as its owner reads them. */
    const collection = async (handle: string, name: "followers" | "following") => {
      const items = await peer.get(handle, peer.actors[handle]![name]);
      return ids(items.orderedItems ?? items.items);
    };

    it("first contact from Starling: resolves @cow by WebFinger, follows, and cow's Accept from bovine's outbox lands", async function () {
      this.timeout(60_000);
      const found = (await bob.client.v2.search.list({ q: `@cow@${peer.host}`, resolve: true, type: "accounts" })).accounts;
      assert.deepEqual(found.map((a) => a.acct), [`cow@${peer.host}`]);
      cowOnStarling = found[0]!;
      await bob.client.v1.accounts.$select(cowOnStarling.id).follow();
      bobsFollow = await peer.waitFor((a) => a.type === "Follow" && a.actor === bobUri && a.object === peer.actors.cow!.id, "bob's Follow");
      await peer.post("cow", { type: "Accept", to: [bobUri], object: bobsFollow });
      await waitFor(async () => (await bob.client.v1.accounts.relationships.fetch({ id: [cowOnStarling.id] }))[0]?.following, { ...ARRIVAL, what: "bob following cow" });
      // bovine applied its own Accept: bob is in cow's followers collection.
      await waitFor(async () => (await collection("cow", "followers")).includes(bobUri), { ...ARRIVAL, what: "bob in cow's followers" });
    });

    // bovine's own lookup (its proxyUrl endpoint) tries WebFinger over https only, so it cannot reach an
    // http Starling: moo follows alice by her actor URL, which bovine fetches (signed) to find her inbox.
    it("first contact from bovine: moo's Follow of alice by URL is accepted and bovine records the Accept", async function () {
      this.timeout(60_000);
      moosFollow = await peer.post("moo", { type: "Follow", to: [aliceUri], object: aliceUri });
      const accept = await peer.waitFor((a) => a.type === "Accept" && a.actor === aliceUri && (a.object?.id ?? a.object) === moosFollow, "alice's Accept");
      assert.equal(accept.object.actor, peer.actors.moo!.id);
      await waitFor(async () => (await collection("moo", "following")).includes(aliceUri), { ...ARRIVAL, what: "alice in moo's following" });
      const followers = await alice.client.v1.accounts.$select(alice.account.id).followers.list();
      assert.deepEqual(followers.map((f) => f.acct), [`moo@${peer.host}`]);
    });

    it("posts and replies both ways: cow's post reaches bob's home, bob's reply and alice's post reach bovine", async function () {
      this.timeout(60_000);
      const cow = peer.actors.cow!;
      cowsNote = await createAs("cow", { type: "Note", content: `<p>Moo from bovine ${suffix}</p>`, to: [PUBLIC], cc: [peer.actors.cow!.followers] });
      const arrived = await inHome(bob, cowsNote);
      assert.match(arrived.content, new RegExp(`Moo from bovine ${suffix}`));
      assert.equal(arrived.account.acct, `cow@${peer.host}`);

      const reply = await bob.client.v1.statuses.create({ status: `@cow@${peer.host} a reply ${suffix}`, inReplyToId: arrived.id });
      const replyCreate = await receivedOn("Create", reply.uri);
      assert.equal(replyCreate.object.inReplyTo, cowsNote);
      assert.equal(replyCreate.actor, bobUri);

      alicesPost = await alice.client.v1.statuses.create({ status: `Hello bovine ${suffix}`, visibility: "public" });
      const aliceCreate = await receivedOn("Create", alicesPost.uri);
      assert.match(aliceCreate.object.content, new RegExp(`Hello bovine ${suffix}`));
      assert.ok(ids(aliceCreate.object.to).includes(PUBLIC));
    });

    it("mentions both ways: cow's mention reaches bob as a direct status mentioning him, alice's mention of moo is tagged and delivered", async function () {
      this.timeout(60_000);
      const handle = `@${bob.account.username}@${new URL(bobUri).host}`;
      const mention = await createAs("cow", {
        type: "Note",
        content: `<p><a href="${bobUri}" class="mention">${handle}</a> hello ${suffix}</p>`,
        to: [bobUri],
        tag: [{ type: "Mention", href: bobUri, name: handle }],
      });
      // Starling has no notifications API yet: the mention shows as a direct status in bob's home.
      const arrived = await inHome(bob, mention);
      assert.deepEqual([arrived.visibility, arrived.mentions.map((m) => m.id)], ["direct", [bob.account.id]]);

      const post = await alice.client.v1.statuses.create({ status: `@moo@${peer.host} hi ${suffix}`, visibility: "public" });
      const create = await receivedOn("Create", post.uri);
      assert.ok([create.object.tag ?? []].flat().some((t: Json) => t.type === "Mention" && t.href === peer.actors.moo!.id), "moo is tagged as mentioned");
    });

    // A favourite is a Like, a boost an Announce; each is undone by an Undo embedding it by its id.
    const interactions = [
      { name: "favourites", type: "Like", count: "favouritesCount", act: "favourite", undo: "unfavourite" },
      { name: "boosts", type: "Announce", count: "reblogsCount", act: "reblog", undo: "unreblog" },
    ] as const;
    for (const { name, type, count, act, undo } of interactions) {
      it(`${name} and undoes them both ways`, async function () {
        this.timeout(60_000);
        const onBob = bob.client.v1.statuses.$select((await inHome(bob, cowsNote)).id);
        await onBob[act]();
        const sent = await receivedOn(type, cowsNote);
        assert.equal(sent.actor, bobUri);
        await onBob[undo]();
        const undone = await peer.waitFor((a) => a.type === "Undo" && a.object?.id === sent.id, `bob's Undo of the ${type}`);
        assert.deepEqual([undone.object.type, undone.object.object], [type, cowsNote]);

        const moo = peer.actors.moo!;
        const audience = { to: [PUBLIC], cc: [aliceUri, moo.followers] };
        const id = await peer.post("moo", { type, ...audience, object: alicesPost.uri });
        const counted = (n: number) => async () => (await alice.client.v1.statuses.$select(alicesPost.id).fetch())[count] === n;
        await waitFor(counted(1), { ...ARRIVAL, what: `moo's ${type} of alice's post counted` });
        await peer.post("moo", { type: "Undo", ...audience, object: { id, type, actor: moo.id, object: alicesPost.uri } });
        await waitFor(counted(0), { ...ARRIVAL, what: `moo's ${type} undone` });
      });
    }

    it("edits both ways", async function () {
      this.timeout(60_000);
      await alice.client.v1.statuses.$select(alicesPost.id).update({ status: `Hello bovine, edited ${suffix}` });
      const update = await receivedOn("Update", alicesPost.uri);
      assert.match(update.object.content, new RegExp(`edited ${suffix}`));

      const cow = peer.actors.cow!;
      const note = (await peer.get("cow", cowsNote)) as Json;
      await peer.post("cow", { type: "Update", to: note.to, cc: note.cc, object: { ...note, content: `<p>Moo, edited ${suffix}</p>`, updated: new Date().toISOString() } });
      const edited = await waitFor(async () => {
        const status = await inHome(bob, cowsNote);
        return status.content.includes(`Moo, edited ${suffix}`) && status;
      }, { ...ARRIVAL, what: "cow's edit on Starling" });
      assert.ok(edited.editedAt, "edited_at is set");
    });

    it("carries images both ways", async function () {
      this.timeout(60_000);
      const media = await alice.client.v2.media.create({ file: new Blob([await png(32, 24)], { type: "image/png" }), description: "a blue box" });
      const post = await alice.client.v1.statuses.create({ status: `A picture ${suffix}`, mediaIds: [media.id] });
      const create = await receivedOn("Create", post.uri);
      const [attachment] = [create.object.attachment].flat();
      assert.equal(attachment.mediaType, "image/png");
      assert.equal(attachment.name, "a blue box");
      const served = await fetch(attachment.url);
      assert.equal(served.headers.get("content-type"), "image/png");

      const { port } = imageHost.address() as AddressInfo;
      const picture = `http://127.0.0.1:${port}/cow.png`;
      const note = await createAs("cow", {
        type: "Note",
        content: `<p>A cow picture ${suffix}</p>`,
        to: [PUBLIC],
        cc: [peer.actors.cow!.followers],
        attachment: [{ type: "Document", mediaType: "image/png", url: picture, name: "a cow" }],
      });
      const status = await inHome(bob, note);
      assert.deepEqual(status.mediaAttachments.map((m) => [m.type, m.description]), [["image", "a cow"]]);
    });

    it("counts a vote from bovine on alice's poll and delivers bob's vote on cow's poll", async function () {
      this.timeout(60_000);
      const poll = await alice.client.v1.statuses.create({ status: `Tea or grass ${suffix}`, poll: { options: ["tea", "grass"], expiresIn: 3600 } });
      await receivedOn("Create", poll.uri);
      await createAs("moo", { type: "Note", name: "grass", inReplyTo: poll.uri, to: [aliceUri] });
      const tallied = await waitFor(async () => {
        const fetched = await alice.client.v1.polls.$select(poll.poll!.id).fetch();
        return fetched.votesCount === 1 && fetched;
      }, { ...ARRIVAL, what: "moo's vote on alice's poll" });
      assert.deepEqual(tallied.options.map((o) => [o.title, o.votesCount]), [["tea", 0], ["grass", 1]]);

      const cow = peer.actors.cow!;
      const question = await createAs("cow", {
        type: "Question",
        content: `<p>Hay or grass ${suffix}</p>`,
        to: [PUBLIC],
        cc: [peer.actors.cow!.followers],
        endTime: new Date(Date.now() + 3_600_000).toISOString(),
        oneOf: ["hay", "grass"].map((name) => ({ type: "Note", name, replies: { type: "Collection", totalItems: 0 } })),
      });
      const status = await inHome(bob, question);
      assert.deepEqual(status.poll?.options.map((o) => o.title), ["hay", "grass"]);
      await bob.client.v1.polls.$select(status.poll!.id).votes.create({ choices: [0] });
      const vote = await peer.waitFor((a) => a.type === "Create" && a.object?.inReplyTo === question && a.actor === bobUri, "bob's vote");
      assert.equal(vote.object.name, "hay");
    });

    it("deletes both ways", async function () {
      this.timeout(60_000);
      await alice.client.v1.statuses.$select(alicesPost.id).remove();
      await receivedOn("Delete", alicesPost.uri);

      const onBob = await inHome(bob, cowsNote);
      await peer.post("cow", { type: "Delete", to: [PUBLIC], cc: [peer.actors.cow!.followers], object: cowsNote });
      await waitFor(async () => (await bob.client.v1.statuses.$select(onBob.id).fetch().then(() => false, (error) => error?.statusCode === 404)) || undefined, {
        ...ARRIVAL,
        what: "cow's post gone from Starling",
      });
    });

    it("updates profiles both ways", async function () {
      this.timeout(60_000);
      await alice.client.v1.accounts.updateCredentials({ displayName: `Alice ${suffix}` });
      const update = await peer.waitFor((a) => a.type === "Update" && a.object?.id === aliceUri, "alice's Update{Person}");
      assert.equal(update.object.name, `Alice ${suffix}`);

      const cow = peer.actors.cow!;
      const profile = await peer.get("cow", cow.id);
      await peer.post("cow", { type: "Update", to: [PUBLIC], cc: [peer.actors.cow!.followers], object: { ...profile, name: `Cow ${suffix}`, summary: `<p>Grazing ${suffix}</p>` } });
      const renamed = await waitFor(async () => {
        const account = await bob.client.v1.accounts.$select(cowOnStarling.id).fetch();
        return account.displayName === `Cow ${suffix}` && account;
      }, { ...ARRIVAL, what: "cow's new name on Starling" });
      assert.match(renamed.note, new RegExp(`Grazing ${suffix}`));
    });

    it("unfollows both ways: Undo{Follow} carries the Follow's id and each side drops the follower", async function () {
      this.timeout(60_000);
      await bob.client.v1.accounts.$select(cowOnStarling.id).unfollow();
      const undo = await peer.waitFor((a) => a.type === "Undo" && a.object?.id === bobsFollow.id, "bob's Undo{Follow}");
      assert.deepEqual([undo.object.type, undo.object.object], ["Follow", peer.actors.cow!.id]);
      await waitFor(async () => !(await collection("cow", "followers")).includes(bobUri), { ...ARRIVAL, what: "bob gone from cow's followers" });

      const moo = peer.actors.moo!;
      await peer.post("moo", { type: "Undo", to: [aliceUri], object: { id: moosFollow, type: "Follow", actor: moo.id, object: aliceUri } });
      await waitFor(async () => (await alice.client.v1.accounts.$select(alice.account.id).followers.list()).length === 0, { ...ARRIVAL, what: "moo gone from alice's followers" });
    });
  },
);
