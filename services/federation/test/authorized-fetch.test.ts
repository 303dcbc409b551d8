import assert from "node:assert/strict";
import { generateCryptoKeyPair } from "@fedify/fedify";
import type { DocumentLoader } from "@fedify/fedify/runtime";
import type { Account } from "@starling/proto/accounts/v1/accounts";
import { FederationServiceClient } from "@starling/proto/federation/v1/federation";
import type { FederatedStatus } from "@starling/proto/statuses/v1/federated_statuses";
import type { Status } from "@starling/proto/statuses/v1/statuses";
import { connectService, type AsyncClient } from "@starling/runtime";
import { backends, BASE_URL, DOMAIN, startHarness, type Harness } from "./harness.ts";
import { startSigningPeer, type PeerActor, type SigningPeer } from "./signing-peer.ts";

type Json = Record<string, unknown>;

const INSTANCE_KEY_ID = `${BASE_URL}/actor#main-key`;

// Answers the statuses and follows doubles give for alice's one public status and empty collections.
function serveAlice(h: Harness): { alice: Account; statusPath: string } {
  const alice = h.addAccount("alice", { statusesCount: 1 });
  const status: Status = {
    id: "7001", uri: `${alice.uri}/statuses/7001`, url: `${BASE_URL}/@alice/7001`, accountId: alice.id, inReplyToId: "", inReplyToAccountId: "", content: "<p>Hello</p>",
    text: "Hello", spoilerText: "", visibility: "public", sensitive: false, language: "en", createdAt: new Date("2024-05-01T10:00:00Z"), editedAt: undefined,
    repliesCount: 0, reblogsCount: 0, favouritesCount: 0, application: undefined, local: true, mediaIds: [], cardId: "", pollId: "", reblogOfId: "",
    reblog: undefined, viewer: undefined, mentionedAccountIds: [], tags: [], emojiShortcodes: [], filtered: [],
  };
  const federated: FederatedStatus = { status, inReplyToUri: undefined, reblogOfUri: undefined, poll: undefined } as FederatedStatus;
  h.answer("getAccounts", async ({ ids }: { ids: string[] }) => ({ accounts: ids.includes(alice.id) ? [alice] : [] }));
  h.answer("getStatusesForFederation", async ({ ids }: { ids: string[] }) => ({ statuses: ids.includes(status.id) ? [federated] : [] }));
  h.answer("getMedia", async () => ({ media: [] }));
  h.answer("getCustomEmojis", async () => ({ emojis: [] }));
  h.answer("listAccountStatuses", async () => ({}));
  h.answer("listFollowers", async () => ({ accounts: [] }));
  h.answer("listFollowing", async () => ({ accounts: [] }));
  h.answer("listPinnedStatuses", async () => ({ statuses: [] }));
  h.answer("listFeaturedTags", async () => ({ tags: [] }));
  return { alice, statusPath: "/users/alice/statuses/7001" };
}

const PROTECTED = ["/users/alice", "/users/alice/statuses/7001", "/users/alice/outbox", "/users/alice/followers", "/users/alice/following", "/users/alice/collections/featured", "/users/alice/collections/tags"];

for (const backend of backends) {
  describe(`authorized fetch (${backend.name})`, function () {
    this.timeout(60_000);
    let h: Harness;
    let peer: SigningPeer;
    let securePeer: SigningPeer;
    let pat: PeerActor;
    let sam: PeerActor;
    let client: AsyncClient<FederationServiceClient>;

    before(async () => {
      h = await startHarness(backend, { env: { AUTHORIZED_FETCH: "true" } });
      serveAlice(h);
      peer = await startSigningPeer();
      pat = await peer.actor("pat");
      // A server in authorized-fetch mode itself: it answers only signed GETs, checking them with the
      // keys Starling serves (its public URLs are reached on the harness's loopback address).
      securePeer = await startSigningPeer();
      sam = await securePeer.actor("sam");
      await securePeer.actor("sid", { name: "Sid" });
      const starlingLoader: DocumentLoader = async (url) => {
        const response = await fetch(url.replace(BASE_URL, h.url), { headers: { accept: "application/activity+json" } });
        if (!response.ok) throw new Error(`${response.status} from ${url}`);
        return { contextUrl: null, documentUrl: url, document: await response.json() };
      };
      securePeer.requireSignatures(starlingLoader);
      client = connectService(FederationServiceClient, h.grpcUrl, { deadlineMs: 20_000 });
    });
    after(async () => {
      client?.close();
      await h?.stop();
      await peer?.stop();
      await securePeer?.stop();
    });

    it("refuses unsigned GETs of actors, statuses and collections with 401 and Mastodon's reason", async () => {
      for (const path of PROTECTED) {
        const response = await peer.get(`${h.url}${path}`);
        assert.equal(response.status, 401, path);
        assert.deepEqual(await response.json(), { error: "Request not signed" }, path);
      }
    });

    it("answers the same GETs signed by a remote actor", async () => {
      for (const path of PROTECTED) {
        const response = await peer.get(`${h.url}${path}`, pat);
        assert.equal(response.status, 200, path);
        assert.equal(((await response.json()) as Json).id, `${BASE_URL}${path}`, path);
      }
    });

    it("sends signed GETs of the /@ aliases to the canonical path, where the signature verifies; refuses them unsigned", async () => {
      for (const [alias, canonical] of [["/@alice", "/users/alice"], ["/@alice/7001", "/users/alice/statuses/7001"], ["/@alice/followers?page=1", "/users/alice/followers?page=1"]] as const) {
        const signed = await peer.get(`${h.url}${alias}`, pat);
        assert.equal(signed.status, 302, alias);
        assert.equal(signed.headers.get("location"), `${BASE_URL}${canonical}`, alias);
        assert.equal((await peer.get(`${h.url}${alias}`)).status, 401, alias);
      }
    });

    it("refuses a signature made with another key than the one the actor advertises", async () => {
      const { privateKey } = await generateCryptoKeyPair("RSASSA-PKCS1-v1_5");
      const response = await peer.get(`${h.url}/users/alice`, pat, { signWith: privateKey });
      assert.equal(response.status, 401);
      assert.deepEqual(await response.json(), { error: "Verification failed" });
      // A key id nobody serves.
      assert.equal((await peer.get(`${h.url}/users/alice`, pat, { keyId: `${peer.origin}/users/nobody#main-key` })).status, 401);
    });

    it("still answers unknown actors and statuses 404 before asking for a signature", async () => {
      assert.equal((await peer.get(`${h.url}/users/nobody`)).status, 404);
      assert.equal((await peer.get(`${h.url}/users/alice/statuses/999999`)).status, 404);
    });

    it("serves the instance actor, WebFinger, host-meta and NodeInfo unsigned", async () => {
      const actor = await peer.get(`${h.url}/actor`);
      assert.equal(actor.status, 200);
      assert.equal(((await actor.json()) as Json).id, `${BASE_URL}/actor`);
      assert.equal((await fetch(`${h.url}/.well-known/webfinger?resource=acct:alice@${DOMAIN}`)).status, 200);
      assert.equal((await fetch(`${h.url}/.well-known/host-meta`)).status, 200);
      assert.equal((await fetch(`${h.url}/.well-known/nodeinfo`)).status, 200);
      assert.equal((await fetch(`${h.url}/nodeinfo/2.0`)).status, 200);
    });

    it("verifies a signature from a server in authorized-fetch mode, fetching its key with a signed request", async () => {
      // The peer itself refuses unsigned fetches of its actors.
      assert.equal((await securePeer.get(sam.id)).status, 401);
      securePeer.signers.length = 0;
      const response = await securePeer.get(`${h.url}/users/alice`, sam);
      assert.equal(response.status, 200);
      assert.ok(securePeer.signers.includes(INSTANCE_KEY_ID), `key fetches signed by ${securePeer.signers.join(", ")}`);
    });

    it("resolves an account on a server in authorized-fetch mode: its fetches are signed as the instance actor", async () => {
      securePeer.signers.length = 0;
      const { accountId } = await client.resolveAccount({ query: `sid@${securePeer.host}` });
      assert.equal(accountId, h.remoteAccounts.get(`${securePeer.origin}/users/sid`)?.id);
      assert.equal(h.remoteAccounts.get(`${securePeer.origin}/users/sid`)?.displayName, "Sid");
      assert.ok(securePeer.signers.length > 0);
      assert.deepEqual([...new Set(securePeer.signers)], [INSTANCE_KEY_ID]);
    });

    it("resolves a post on a server in authorized-fetch mode, fetched signed", async () => {
      const uri = `${securePeer.origin}/users/sid/statuses/1`;
      securePeer.serve("/users/sid/statuses/1", {
        "@context": "https://www.w3.org/ns/activitystreams", id: uri, type: "Note", attributedTo: `${securePeer.origin}/users/sid`, content: "<p>Only for signers</p>",
        published: "2024-05-01T10:00:00Z", to: ["https://www.w3.org/ns/activitystreams#Public"], cc: [`${securePeer.origin}/users/sid/followers`],
      });
      securePeer.signers.length = 0;
      const { statusId } = await client.resolveStatus({ query: uri });
      assert.equal(statusId, h.statuses.get(uri)?.id);
      assert.equal(h.statuses.get(uri)?.content, "<p>Only for signers</p>");
      assert.deepEqual([...new Set(securePeer.signers)], [INSTANCE_KEY_ID]);
    });
  });

  describe(`authorized fetch off (${backend.name})`, function () {
    this.timeout(60_000);
    let h: Harness;

    before(async () => {
      h = await startHarness(backend);
      serveAlice(h);
    });
    after(() => h?.stop());

    it("answers unsigned GETs of actors, statuses and collections", async () => {
      for (const path of PROTECTED) {
        const response = await fetch(`${h.url}${path}`, { headers: { accept: "application/activity+json" } });
        assert.equal(response.status, 200, path);
      }
    });
  });
}
