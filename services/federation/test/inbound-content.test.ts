import assert from "node:assert/strict";
import type { Account } from "@starling/proto/accounts/v1/accounts";
import { backends, BASE_URL, startHarness, type Harness } from "./harness.ts";
import { startSigningPeer, type PeerActor, type SigningPeer } from "./signing-peer.ts";

type Json = Record<string, any>;

const PUBLIC = "https://www.w3.org/ns/activitystreams#Public";
// The context Mastodon puts on its activities (abridged to the terms these tests use).
const CONTEXT = [
  "https://www.w3.org/ns/activitystreams",
  { ostatus: "http://ostatus.org#", atomUri: "ostatus:atomUri", sensitive: "as:sensitive", toot: "http://joinmastodon.org/ns#", Emoji: "toot:Emoji", Hashtag: "as:Hashtag", votersCount: "toot:votersCount" },
];

let serial = 0;

/** A peer actor with the addresses its document gives it (see signing-peer.ts). */
interface RemoteActor extends PeerActor {
  username: string;
  followers: string;
}

for (const backend of backends) {
  describe(`inbound content: Create, Update, Delete, Announce, Like (${backend.name})`, function () {
    this.timeout(60_000);
    let h: Harness;
    let remote: SigningPeer;
    let alice: RemoteActor;
    let bob: Account;

    // Remote accounts nobody here follows; everyone else has bob as a local follower.
    const strangers = new Set<string>();
    before(async () => {
      h = await startHarness(backend);
      remote = await startSigningPeer();
      alice = await remoteActor("alice");
      bob = h.addAccount("bob");
      h.answer("listFollowers", async ({ accountId }: { accountId: string }) => ({ accounts: strangers.has(accountId) ? [] : [bob], nextCursor: "" }));
    });
    after(async () => {
      await h?.stop();
      await remote?.stop();
    });

    // A peer actor this server knows (an Update of its profile introduced it), so it can be followed here.
    const remoteActor = async (username: string): Promise<RemoteActor> => {
      const actor = await remote.actor(username);
      const made = { ...actor, username, followers: `${actor.id}/followers` };
      assert.equal((await remote.send(made, `${h.url}/inbox`, activity(made, "Update", { id: actor.id, type: "Person" }))).status, 202);
      return made;
    };
    const serve = (object: Json & { id: string }) => remote.serve(new URL(object.id).pathname, { "@context": CONTEXT, ...object });

    // A Mastodon-shaped Note by `actor`, public unless `fields` say otherwise.
    const note = (actor: RemoteActor, fields: Json = {}): Json & { id: string } => {
      const id = `${actor.id}/statuses/${++serial}`;
      return {
        id, type: "Note", summary: null, inReplyTo: null, published: "2024-05-01T10:00:00Z", url: `${remote.origin}/@${actor.username}/${serial}`,
        attributedTo: actor.id, to: [PUBLIC], cc: [actor.followers], sensitive: false, atomUri: id,
        content: "<p>Hello, fediverse</p>", contentMap: { en: "<p>Hello, fediverse</p>" }, attachment: [], tag: [], ...fields,
      };
    };
    const activity = (actor: RemoteActor, type: string, object: unknown, fields: Json = {}): Json => ({
      "@context": CONTEXT, id: `${actor.id}#${type.toLowerCase()}-${++serial}`, type, actor: actor.id, published: "2024-05-01T10:00:00Z", to: [PUBLIC], ...fields, object,
    });
    const create = (actor: RemoteActor, object: Json) => activity(actor, "Create", object, { to: object.to, cc: object.cc });

    // Posts to the shared inbox and returns the status-side calls it caused.
    async function deliver(actor: RemoteActor, body: Json, expectStatus = 202) {
      const before = h.calls.length;
      const response = await remote.send(actor, `${h.url}/inbox`, body);
      assert.equal(response.status, expectStatus, `inbox answered ${response.status}: ${await response.text()}`);
      return h.calls.slice(before).filter((call) => call.method !== "upsertRemoteAccount");
    }
    const only = (calls: { method: string; request: any }[], method: string) => {
      assert.deepEqual(calls.map((c) => c.method), [method]);
      return calls[0]!.request;
    };
    const accountOf = (actor: RemoteActor) => h.remoteAccounts.get(actor.id)!;

    describe("Create", () => {
      it("stores a public Note with sanitized content, its language, URL and dates", async () => {
        const object = note(alice, { content: '<p>Hi <script>alert(1)</script><a href="https://example.org/x" onclick="x()">link</a></p>', contentMap: { en: "<p>Hi</p>" } });
        const request = only(await deliver(alice, create(alice, object)), "upsertRemoteStatus");
        assert.equal(request.uri, object.id);
        assert.equal(request.url, object.url);
        assert.equal(request.accountId, accountOf(alice).id);
        assert.equal(request.visibility, "public");
        assert.equal(request.content, '<p>Hi <a href="https://example.org/x" rel="nofollow noopener noreferrer">link</a></p>');
        assert.equal(request.language, "en");
        assert.equal(request.createdAt.toISOString(), "2024-05-01T10:00:00.000Z");
        assert.equal(request.editedAt, undefined);
        assert.equal(request.inReplyToId, undefined);
      });

      it("reads unlisted, followers-only and direct from to/cc", async () => {
        const unlisted = only(await deliver(alice, create(alice, note(alice, { to: [alice.followers], cc: [PUBLIC] }))), "upsertRemoteStatus");
        assert.equal(unlisted.visibility, "unlisted");
        const mention = { type: "Mention", href: bob.uri, name: "@bob@fed.test:3000" };
        const privateNote = only(await deliver(alice, create(alice, note(alice, { to: [alice.followers], cc: [bob.uri], tag: [mention] }))), "upsertRemoteStatus");
        assert.equal(privateNote.visibility, "private");
        assert.deepEqual(privateNote.mentionedAccountIds, [bob.id]);
        const direct = only(await deliver(alice, create(alice, note(alice, { to: [bob.uri], cc: [], tag: [] }))), "upsertRemoteStatus");
        assert.equal(direct.visibility, "direct");
        // Addressed without a Mention tag, bob is still among the mentioned (he must see it).
        assert.deepEqual(direct.mentionedAccountIds, [bob.id]);
      });

      it("links a reply to its parent and its author", async () => {
        const parent = h.addStatus({ uri: `${BASE_URL}/users/bob/statuses/1`, accountId: bob.id });
        const request = only(await deliver(alice, create(alice, note(alice, { inReplyTo: parent.uri, cc: [alice.followers, bob.uri] }))), "upsertRemoteStatus");
        assert.equal(request.inReplyToId, parent.id);
        assert.equal(request.inReplyToAccountId, bob.id);
      });

      it("fetches an unknown remote parent once and stores it first", async () => {
        const parent = note(alice, { content: "<p>parent</p>" });
        serve(parent);
        const calls = await deliver(alice, create(alice, note(alice, { inReplyTo: parent.id })));
        assert.deepEqual(calls.map((c) => [c.method, c.request.uri]), [["upsertRemoteStatus", parent.id], ["upsertRemoteStatus", calls[1]!.request.uri]]);
        assert.equal(calls[1]!.request.inReplyToId, h.statuses.get(parent.id)!.id);
      });

      it("keeps mentions, hashtags, custom emoji shortcodes, sensitivity and the content warning", async () => {
        const object = note(alice, {
          sensitive: true, summary: "spoilers",
          tag: [
            { type: "Mention", href: bob.uri, name: "@bob@fed.test:3000" },
            { type: "Mention", href: `${remote.origin}/users/nobody`, name: "@nobody" },
            { type: "Hashtag", href: `${remote.origin}/tags/Fedi`, name: "#Fedi" },
            { id: `${remote.origin}/emojis/1`, type: "Emoji", name: ":blobcat:", updated: "2024-01-01T00:00:00Z", icon: { type: "Image", mediaType: "image/png", url: `${remote.origin}/blobcat.png` } },
          ],
        });
        const calls = await deliver(alice, create(alice, object));
        assert.deepEqual(calls.map((c) => c.method), ["upsertRemoteEmojis", "upsertRemoteStatus"]);
        const request = calls[1]!.request;
        assert.deepEqual(request.mentionedAccountIds, [bob.id]);
        assert.deepEqual(request.tags, ["fedi"]);
        assert.deepEqual(request.emojiShortcodes, ["blobcat"]);
        assert.equal(request.sensitive, true);
        assert.equal(request.spoilerText, "spoilers");
      });

      it("stores the Emoji tags' images under the author's domain before the status, skipping tags without an embedded image", async () => {
        const emoji = (name: string, icon: unknown) => ({ id: `${remote.origin}/emojis/${name}`, type: "Emoji", name, icon });
        const object = note(alice, {
          content: "<p>:party: :blobcat: :linked: :bad-name:</p>",
          tag: [
            { ...emoji(":party:", { type: "Image", mediaType: "image/gif", url: `${remote.origin}/party.gif` }), updated: "2024-02-03T04:05:06Z" },
            emoji("blobcat", { type: "Image", url: `${remote.origin}/blobcat.png` }),
            emoji(":linked:", `${remote.origin}/linked.png`),
            emoji(":bad-name:", { type: "Image", url: `${remote.origin}/bad.png` }),
          ],
        });
        const calls = await deliver(alice, create(alice, object));
        assert.deepEqual(calls.map((c) => c.method), ["upsertRemoteEmojis", "upsertRemoteStatus"]);
        assert.deepEqual(calls[0]!.request, {
          domain: accountOf(alice).domain,
          emojis: [
            { shortcode: "party", url: `${remote.origin}/party.gif`, updatedAt: new Date("2024-02-03T04:05:06Z") },
            { shortcode: "blobcat", url: `${remote.origin}/blobcat.png`, updatedAt: undefined },
          ],
        });
        assert.equal(accountOf(alice).domain, remote.host);
        // A Note without Emoji tags stores no emojis.
        only(await deliver(alice, create(alice, note(alice))), "upsertRemoteStatus");
      });

      it("stores an actor's profile emojis under its domain before its profile", async () => {
        const actor = await remote.actor("carol", {
          "@context": [...CONTEXT, "https://w3id.org/security/v1"],
          name: "Carol :wave:",
          tag: [{ id: `${remote.origin}/emojis/wave`, type: "Emoji", name: ":wave:", icon: { type: "Image", mediaType: "image/png", url: `${remote.origin}/wave.png` } }],
        });
        const carol = { ...actor, username: "carol", followers: `${actor.id}/followers` };
        const before = h.calls.length;
        await deliver(carol, activity(carol, "Update", { id: carol.id, type: "Person" }));
        const calls = h.calls.slice(before);
        assert.deepEqual(calls.map((c) => c.method), ["upsertRemoteEmojis", "upsertRemoteAccount"]);
        assert.deepEqual(calls[0]!.request, { domain: remote.host, emojis: [{ shortcode: "wave", url: `${remote.origin}/wave.png`, updatedAt: undefined }] });
        assert.deepEqual(calls[1]!.request.emojiShortcodes, ["wave"]);
      });

      it("stores a Question as a status with its poll", async () => {
        const question = {
          ...note(alice), type: "Question", endTime: "2030-01-01T00:00:00Z", votersCount: 7,
          oneOf: [
            { type: "Note", name: "Yes", replies: { type: "Collection", totalItems: 4 } },
            { type: "Note", name: "No", replies: { type: "Collection", totalItems: 3 } },
          ],
        };
        const request = only(await deliver(alice, create(alice, question)), "upsertRemoteStatus");
        assert.deepEqual(request.poll, {
          options: [{ title: "Yes", votesCount: 4 }, { title: "No", votesCount: 3 }], multiple: false, expiresAt: new Date("2030-01-01T00:00:00Z"), votersCount: 7,
        });
      });

      it("turns an Article into its title and a link to it", async () => {
        const article = { ...note(alice), type: "Article", name: "A <title>", content: "<p>long body</p>", url: `${remote.origin}/articles/1` };
        const request = only(await deliver(alice, create(alice, article)), "upsertRemoteStatus");
        assert.match(request.content, /^<p>A &lt;title&gt;<\/p><p><a href="http:\/\/127\.0\.0\.1:\d+\/articles\/1"/);
        assert.doesNotMatch(request.content, /long body/);
      });

      it("takes a Note answering a local poll with a name and no content as a vote", async () => {
        const poll = h.addStatus({ uri: `${BASE_URL}/users/bob/statuses/2`, accountId: bob.id, pollId: "9" });
        const vote = note(alice, { name: "Yes", content: undefined, contentMap: undefined, inReplyTo: poll.uri, to: [bob.uri], cc: [] });
        assert.deepEqual(only(await deliver(alice, create(alice, vote)), "receivePollVote"), { accountId: accountOf(alice).id, statusId: poll.id, choices: ["Yes"] });
      });

      it("drops an unsolicited post (its author followed by nobody here, addressing and replying to nobody here), as Mastodon does", async () => {
        const stranger = await remoteActor(`stranger${++serial}`);
        strangers.add(accountOf(stranger).id);
        assert.deepEqual(await deliver(stranger, create(stranger, note(stranger))), []);
        // Mentioning or replying to a local account is reason enough.
        const mention = note(stranger, { cc: [bob.uri], tag: [{ type: "Mention", href: bob.uri, name: "@bob" }] });
        assert.equal(only(await deliver(stranger, create(stranger, mention)), "upsertRemoteStatus").uri, mention.id);
        const parent = h.addStatus({ uri: `${BASE_URL}/users/bob/statuses/77`, accountId: bob.id });
        const reply = note(stranger, { inReplyTo: parent.uri });
        assert.equal(only(await deliver(stranger, create(stranger, reply)), "upsertRemoteStatus").uri, reply.id);
      });

      it("refuses a Create whose object another actor wrote", async () => {
        const carol = await remoteActor(`carol${++serial}`);
        assert.deepEqual(await deliver(alice, create(alice, note(carol))), []);
        assert.deepEqual(await deliver(alice, create(alice, note(alice, { attributedTo: carol.id }))), []);
      });
    });

    describe("Update", () => {
      it("stores an edit with its updated time, ignores a stale one and one of an unknown post", async () => {
        const original = note(alice);
        await deliver(alice, create(alice, original));
        const edited = { ...original, content: "<p>edited</p>", updated: "2024-05-01T11:00:00Z" };
        const request = only(await deliver(alice, activity(alice, "Update", edited)), "upsertRemoteStatus");
        assert.equal(request.editedAt.toISOString(), "2024-05-01T11:00:00.000Z");
        assert.equal(h.statuses.get(original.id)!.content, "<p>edited</p>");
        await deliver(alice, activity(alice, "Update", { ...original, content: "<p>older</p>", updated: "2024-05-01T10:30:00Z" }));
        assert.equal(h.statuses.get(original.id)!.content, "<p>edited</p>");
        assert.deepEqual(await deliver(alice, activity(alice, "Update", { ...note(alice), updated: "2024-05-02T00:00:00Z" })), []);
      });

      it("refuses an edit sent by another actor", async () => {
        const frank = await remoteActor("frank");
        const original = note(frank);
        await deliver(frank, create(frank, original));
        assert.deepEqual(await deliver(alice, activity(alice, "Update", { ...original, content: "<p>hijacked</p>", updated: "2024-06-01T00:00:00Z" })), []);
      });

      // The actor as its server serves it now, to embed an edited copy of it in an Update.
      const actorDocument = async (actor: RemoteActor) => (await (await fetch(actor.id, { headers: { accept: "application/activity+json" } })).json()) as Json;
      const profileUpdate = (actor: RemoteActor, document: Json) => {
        const { "@context": context, ...embedded } = document;
        return { ...activity(actor, "Update", embedded), "@context": context };
      };

      it("applies the signed actor embedded in an Update of the sender itself, without refetching it", async () => {
        const document = await actorDocument(alice);
        const before = h.calls.length;
        // Its server still serves the old profile: only the embedded copy has the new name.
        await deliver(alice, profileUpdate(alice, { ...document, name: "Alice, renamed", summary: "<p>new bio</p>" }));
        const upserts = h.calls.slice(before).filter((c) => c.method === "upsertRemoteAccount");
        assert.deepEqual(upserts.map((c) => [c.request.uri, c.request.displayName, c.request.note]), [[alice.id, "Alice, renamed", "<p>new bio</p>"]]);
      });

      it("takes no profile from an Update embedding another actor: that one is refetched from its server instead", async () => {
        const carol = await remoteActor(`carol${++serial}`);
        await deliver(carol, create(carol, note(carol)));
        const before = h.calls.length;
        await deliver(alice, profileUpdate(alice, { ...(await actorDocument(carol)), name: "Forged" }));
        const upserts = h.calls.slice(before).filter((c) => c.method === "upsertRemoteAccount");
        assert.deepEqual(upserts.map((c) => [c.request.uri, c.request.displayName]), [[carol.id, carol.username]]);
      });

      it("refreshes the sender's profile on an Update of its actor", async () => {
        const before = h.calls.length;
        const response = await remote.send(alice, `${h.url}/inbox`, activity(alice, "Update", { id: alice.id, type: "Person" }));
        assert.equal(response.status, 202);
        assert.ok(h.calls.slice(before).some((c) => c.method === "upsertRemoteAccount" && c.request.uri === alice.id));
      });
    });

    describe("Delete", () => {
      it("deletes the sender's status, given as a Tombstone or by id", async () => {
        const object = note(alice);
        await deliver(alice, create(alice, object));
        const request = only(await deliver(alice, activity(alice, "Delete", { id: object.id, type: "Tombstone", atomUri: object.id })), "deleteRemoteStatus");
        assert.deepEqual(request, { accountId: accountOf(alice).id, uri: object.id });
        assert.equal(only(await deliver(alice, activity(alice, "Delete", object.id)), "deleteRemoteStatus").uri, object.id);
      });

      it("remembers a Delete that arrives before its Create, and stores nothing when the Create follows", async () => {
        const object = note(alice);
        await deliver(alice, activity(alice, "Delete", { id: object.id, type: "Tombstone" }));
        assert.deepEqual(await deliver(alice, create(alice, object)), []);
        // Another actor's Delete of the same URI is no reason to refuse its author's post.
        const other = note(alice);
        const mallory = await remoteActor(`mallory${++serial}`);
        await deliver(mallory, activity(mallory, "Delete", other.id));
        assert.equal(only(await deliver(alice, create(alice, other)), "upsertRemoteStatus").uri, other.id);
      });

      it("deletes the sender's account on a Delete of itself", async () => {
        const dave = await remoteActor("dave");
        await deliver(dave, create(dave, note(dave)));
        assert.deepEqual(only(await deliver(dave, activity(dave, "Delete", dave.id)), "deleteRemoteAccount"), { accountId: accountOf(dave).id });
      });

      it("answers 202 to the Delete of an actor that is gone, without acting on it", async () => {
        // Never heard of before: its key cannot be fetched to check the signature.
        const actor = await remote.actor("ghost");
        const ghost = { ...actor, username: "ghost", followers: `${actor.id}/followers` };
        remote.gone(new URL(ghost.id).pathname);
        assert.deepEqual(await deliver(ghost, activity(ghost, "Delete", ghost.id)), []);
      });
    });

    describe("Announce, Like and their Undo", () => {
      it("reblogs a local status", async () => {
        const local = h.addStatus({ uri: `${BASE_URL}/users/bob/statuses/3`, accountId: bob.id });
        const announce = activity(alice, "Announce", local.uri, { cc: [bob.uri, alice.followers] });
        const request = only(await deliver(alice, announce), "receiveReblog");
        assert.deepEqual(request, { accountId: accountOf(alice).id, statusId: local.id, uri: announce.id, createdAt: new Date("2024-05-01T10:00:00Z"), visibility: "public" });
        const followersOnly = activity(alice, "Announce", local.uri, { to: [alice.followers], cc: [bob.uri] });
        assert.equal(only(await deliver(alice, followersOnly), "receiveReblog").visibility, "private");
      });

      it("fetches and stores an unknown remote status before reblogging it", async () => {
        const erin = await remoteActor("erin");
        const original = note(erin);
        serve(original);
        const calls = await deliver(alice, activity(alice, "Announce", original.id));
        assert.deepEqual(calls.map((c) => c.method), ["upsertRemoteStatus", "receiveReblog"]);
        assert.equal(calls[0]!.request.accountId, accountOf(erin).id);
        assert.equal(calls[1]!.request.statusId, h.statuses.get(original.id)!.id);
      });

      it("does not reblog someone else's followers-only status", async () => {
        const local = h.addStatus({ uri: `${BASE_URL}/users/bob/statuses/4`, accountId: bob.id, visibility: "private" });
        assert.deepEqual(await deliver(alice, activity(alice, "Announce", local.uri)), []);
      });

      it("undoes a reblog by the Announce's id", async () => {
        const local = h.addStatus({ uri: `${BASE_URL}/users/bob/statuses/5`, accountId: bob.id });
        const announce = activity(alice, "Announce", local.uri);
        await deliver(alice, announce);
        const { "@context": _context, ...inner } = announce;
        assert.deepEqual(only(await deliver(alice, activity(alice, "Undo", inner)), "receiveUnreblog"), { accountId: accountOf(alice).id, uri: announce.id });
      });

      it("favourites a local status, and undoes it", async () => {
        const local = h.addStatus({ uri: `${BASE_URL}/users/bob/statuses/6`, accountId: bob.id });
        const like = activity(alice, "Like", local.uri);
        assert.deepEqual(only(await deliver(alice, like), "receiveFavourite"), { accountId: accountOf(alice).id, statusId: local.id });
        const { "@context": _context, ...inner } = like;
        assert.deepEqual(only(await deliver(alice, activity(alice, "Undo", inner)), "receiveUnfavourite"), { accountId: accountOf(alice).id, statusId: local.id });
      });

      it("ignores a Like of a remote status", async () => {
        const object = note(alice);
        await deliver(alice, create(alice, object));
        assert.deepEqual(await deliver(alice, activity(alice, "Like", object.id)), []);
      });
    });
  });
}
