import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { FederationServiceClient } from "@starling/proto/federation/v1/federation";
import { encodePayload, EVENT_CATALOG, newEnvelope } from "@starling/events";
import { connectService, type AsyncClient } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { hostPolicy } from "../src/data/instance-blocks-queries.ts";
import { backends, BASE_URL, DOMAIN, startHarness, type Harness } from "./harness.ts";
import { startSigningPeer, type SigningPeer } from "./signing-peer.ts";

for (const backend of backends) {
  describe(`FederationService.ResolveAccount (${backend.name})`, function () {
    this.timeout(60_000);
    let h: Harness;
    let peer: SigningPeer;
    let client: AsyncClient<FederationServiceClient>;
    let aliceId: string;
    before(async () => {
      h = await startHarness(backend);
      peer = await startSigningPeer();
      client = connectService(FederationServiceClient, h.grpcUrl, { deadlineMs: 20_000 });
      aliceId = h.addAccount("alice").id;
      await peer.actor("dana", {
        type: "Service", name: "Dana", summary: '<p onclick="x()">Hi <b>there</b></p>', published: "2020-01-02T03:04:05Z",
        icon: { type: "Image", url: `${peer.origin}/a.png` }, image: { type: "Image", url: `${peer.origin}/h.png` },
        attachment: [{ type: "PropertyValue", name: "Site", value: '<a href="https://dana.example">dana.example</a><script>x</script>' }],
        alsoKnownAs: [`${peer.origin}/users/old-dana`],
        indexable: true,
        // Counts come from the collections' totals: linked ones are fetched, an embedded one read as is.
        following: { type: "OrderedCollection", id: `${peer.origin}/users/dana/following`, totalItems: 3 },
        outbox: `${peer.origin}/users/dana/outbox`,
      });
      peer.serve("/users/dana/followers", { "@context": "https://www.w3.org/ns/activitystreams", id: `${peer.origin}/users/dana/followers`, type: "OrderedCollection", totalItems: 12 });
      peer.serve("/users/dana/outbox", { "@context": "https://www.w3.org/ns/activitystreams", id: `${peer.origin}/users/dana/outbox`, type: "OrderedCollection", totalItems: 345 });
      // A document claiming an id on another host than the one it is served from.
      peer.serve("/impostor", { "@context": "https://www.w3.org/ns/activitystreams", id: "https://victim.example/users/v", type: "Person", preferredUsername: "v", inbox: "https://victim.example/inbox" });
    });
    after(async () => {
      client?.close();
      await h?.stop();
      await peer?.stop();
    });

    const code = async (query: string) => {
      try {
        await client.resolveAccount({ query });
        return GrpcStatus.OK;
      } catch (error) {
        return (error as { code: number }).code;
      }
    };

    it("answers local accounts by handle, acct and URL without fetching anything", async () => {
      for (const query of ["alice", "@alice", `alice@${DOMAIN}`, `@alice@${DOMAIN}`, `${BASE_URL}/users/alice`, `${BASE_URL}/@alice`]) {
        assert.equal((await client.resolveAccount({ query })).accountId, aliceId, query);
      }
      assert.deepEqual(h.calls.filter((c) => c.method === "upsertRemoteAccount"), []);
    });

    it("resolves user@host through WebFinger and stores the actor's profile", async () => {
      const { accountId } = await client.resolveAccount({ query: `dana@${peer.host}` });
      const stored = h.remoteAccounts.get(`${peer.origin}/users/dana`);
      assert.equal(accountId, stored?.id);
      const upsert = h.calls.find((c) => c.method === "upsertRemoteAccount")!.request;
      assert.equal(upsert.username, "dana");
      assert.equal(upsert.domain, peer.host);
      assert.equal(upsert.displayName, "Dana");
      assert.equal(upsert.bot, true);
      assert.equal(upsert.note, "<p>Hi <b>there</b></p>");
      assert.equal(upsert.avatarUrl, `${peer.origin}/a.png`);
      assert.equal(upsert.headerUrl, `${peer.origin}/h.png`);
      assert.deepEqual(upsert.fields, [{ name: "Site", value: '<a href="https://dana.example" rel="nofollow noopener noreferrer">dana.example</a>' }]);
      assert.deepEqual(upsert.alsoKnownAs, [`${peer.origin}/users/old-dana`]);
      assert.equal(new Date(upsert.createdAt).toISOString(), "2020-01-02T03:04:05.000Z");
      assert.deepEqual([upsert.followersCount, upsert.followingCount, upsert.statusesCount], [12, 3, 345]);
      assert.equal(upsert.indexable, true, "toot:indexable read from the actor");
    });

    it("reads an actor that does not say it is indexable as not indexable, as Mastodon", async () => {
      await peer.actor("quiet");
      await client.resolveAccount({ query: `quiet@${peer.host}` });
      const upsert = h.calls.find((c) => c.method === "upsertRemoteAccount" && c.request.username === "quiet")!.request;
      assert.equal(upsert.indexable, false);
    });

    it("asks WebFinger for JRD (application/jrd+json, application/json), as Mastodon does", async () => {
      await peer.actor("jrd");
      peer.webfingerAccepts.length = 0;
      await client.resolveAccount({ query: `jrd@${peer.host}` });
      assert.ok(peer.webfingerAccepts.length > 0);
      assert.deepEqual(new Set(peer.webfingerAccepts), new Set(["application/jrd+json, application/json"]));
    });

    it("answers the same account for @user@host and the actor URL, without fetching it again while fresh", async () => {
      const calls = h.calls.length;
      const { accountId } = await client.resolveAccount({ query: `@dana@${peer.host}` });
      assert.equal((await client.resolveAccount({ query: `${peer.origin}/users/dana` })).accountId, accountId);
      assert.equal(h.calls.length, calls);
    });

    it("NOT_FOUND for an unknown remote account, an unknown local one and a document whose id is on another host", async () => {
      assert.equal(await code(`nobody@${peer.host}`), GrpcStatus.NOT_FOUND);
      assert.equal(await code("nobody"), GrpcStatus.NOT_FOUND);
      assert.equal(await code(`${peer.origin}/impostor`), GrpcStatus.NOT_FOUND);
      assert.equal(h.remoteAccounts.has("https://victim.example/users/v"), false);
    });

    it("INVALID_ARGUMENT for a query that is neither a handle nor an http(s) URL", async () => {
      for (const query of ["", "not a handle!", "ftp://example.com/x", "a@b@c"]) assert.equal(await code(query), GrpcStatus.INVALID_ARGUMENT, query);
    });

    it("keeps no avatar, header or custom emojis of a server whose media staff reject", async () => {
      const context = ["https://www.w3.org/ns/activitystreams", "https://w3id.org/security/v1", { toot: "http://joinmastodon.org/ns#", Emoji: "toot:Emoji" }];
      const withMedia = (name: string) => peer.actor(name, {
        "@context": context, name: `${name} :blobcat:`, icon: { type: "Image", url: `${peer.origin}/${name}.png` }, image: { type: "Image", url: `${peer.origin}/${name}-h.png` },
        tag: [{ id: `${peer.origin}/emojis/1`, type: "Emoji", name: ":blobcat:", icon: { type: "Image", mediaType: "image/png", url: `${peer.origin}/blobcat.png` } }],
      });
      const stored = async (name: string) => {
        await client.resolveAccount({ query: `${name}@${peer.host}` });
        const upsert = h.calls.find((c) => c.method === "upsertRemoteAccount" && c.request.username === name)!.request;
        return { avatar: upsert.avatarUrl, header: upsert.headerUrl, shortcodes: upsert.emojiShortcodes, emojiCalls: h.calls.filter((c) => c.method === "upsertRemoteEmojis").length };
      };
      await withMedia("erin");
      await withMedia("finn");
      assert.deepEqual(await stored("erin"), { avatar: `${peer.origin}/erin.png`, header: `${peer.origin}/erin-h.png`, shortcodes: ["blobcat"], emojiCalls: 1 });

      const type = "admin_domain_block.created";
      const payload = { blockId: "7301", domain: peer.host, severity: "noop", rejectMedia: true, rejectReports: false, previousSeverity: undefined };
      await h.bus.publish(EVENT_CATALOG[type].topic, [newEnvelope({ type, source: "test", key: "7301", payload: encodePayload(type, payload) })]);
      await waitFor(async () => (await hostPolicy(h.db, peer.host)).rejectMedia || undefined, { what: "the block's reject_media" });
      assert.deepEqual(await stored("finn"), { avatar: undefined, header: undefined, shortcodes: ["blobcat"], emojiCalls: 1 });
    });
  });
}
