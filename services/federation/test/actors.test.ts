import assert from "node:assert/strict";
import { createPrivateKey, createPublicKey, createSign, createVerify, generateKeyPairSync, type JsonWebKey } from "node:crypto";
import { STARLING_VERSION } from "@starling/runtime";
import { backends, BASE_URL, DOMAIN, startHarness, type Harness } from "./harness.ts";

const AP = "application/activity+json";
const LD = 'application/ld+json; profile="https://www.w3.org/ns/activitystreams"';

type Json = Record<string, any>;

for (const backend of backends) {
  describe(`federation actors and discovery (${backend.name})`, function () {
    this.timeout(60_000);
    let h: Harness;
    let aliceId: string;
    before(async () => {
      h = await startHarness(backend);
      aliceId = h.addAccount("alice", {
        displayName: "Alice", note: "<p>Hello</p>", locked: true, discoverable: true, indexable: true,
        avatarUrl: `${BASE_URL}/system/avatars/a.png`, headerUrl: `${BASE_URL}/system/headers/h.jpg`,
        fields: [{ name: "Site", value: '<a href="https://alice.example">alice.example</a>', verifiedAt: undefined }],
      }).id;
      h.addAccount("robot", { bot: true });
      h.addAccount("club", { group: true });
      h.addAccount("gone", { suspended: true, displayName: "Hidden", note: "<p>hidden</p>" });
    });
    after(() => h?.stop());

    const get = (path: string, accept = AP) => fetch(`${h.url}${path}`, { headers: { accept }, redirect: "manual" });
    const actor = async (path: string, accept = AP) => {
      const response = await get(path, accept);
      assert.equal(response.status, 200, `${path} answered ${response.status}`);
      assert.match(response.headers.get("content-type") ?? "", /application\/activity\+json|application\/ld\+json/);
      return (await response.json()) as Json;
    };

    it("answers WebFinger for a local account's acct: URI with its actor URL and profile page", async () => {
      const response = await get(`/.well-known/webfinger?resource=${encodeURIComponent(`acct:alice@${DOMAIN}`)}`, "application/jrd+json");
      assert.equal(response.status, 200);
      const jrd = (await response.json()) as Json;
      assert.equal(jrd.subject, `acct:alice@${DOMAIN}`);
      const self = jrd.links.find((l: Json) => l.rel === "self");
      assert.equal(self.href, `${BASE_URL}/users/alice`);
      assert.equal(self.type, AP);
      assert.ok(jrd.links.some((l: Json) => l.rel === "http://webfinger.net/rel/profile-page" && l.href === `${BASE_URL}/@alice`));
    });

    it("answers WebFinger for the actor URL as resource, and for another case of the username", async () => {
      const byUrl = (await (await get(`/.well-known/webfinger?resource=${encodeURIComponent(`${BASE_URL}/users/alice`)}`)).json()) as Json;
      assert.equal(byUrl.links.find((l: Json) => l.rel === "self").href, `${BASE_URL}/users/alice`);
      const upper = (await (await get(`/.well-known/webfinger?resource=${encodeURIComponent(`acct:ALICE@${DOMAIN}`)}`)).json()) as Json;
      assert.equal(upper.links.find((l: Json) => l.rel === "self").href, `${BASE_URL}/users/alice`);
    });

    it("makes the instance actor resolvable by WebFinger: a usable preferredUsername, and acct:DOMAIN@DOMAIN with and without the port", async () => {
      const instance = await actor("/actor");
      const hostname = new URL(BASE_URL).hostname;
      // A username other servers accept (no port's colon), as Mastodon's is its domain.
      assert.equal(instance.preferredUsername, hostname);
      // What a server resolving the actor it fetched asks: preferredUsername at the actor's host.
      const handle = `acct:${instance.preferredUsername}@${new URL(instance.id).host}`;
      for (const resource of [handle, `acct:${DOMAIN}@${DOMAIN}`, `acct:${hostname}@${hostname}`, `acct:${DOMAIN}@${hostname}`, `${BASE_URL}/actor`]) {
        const response = await get(`/.well-known/webfinger?resource=${encodeURIComponent(resource)}`, "application/jrd+json");
        assert.equal(response.status, 200, resource);
        assert.match(response.headers.get("content-type") ?? "", /application\/jrd\+json/);
        const jrd = (await response.json()) as Json;
        assert.equal(jrd.subject, `acct:${hostname}@${DOMAIN}`, resource);
        assert.deepEqual(jrd.links.find((l: Json) => l.rel === "self"), { rel: "self", type: AP, href: `${BASE_URL}/actor` }, resource);
      }
      assert.equal((await get(`/.well-known/webfinger?resource=${encodeURIComponent("acct:elsewhere.example@elsewhere.example")}`)).status, 404);
    });

    it("answers WebFinger 404 for an unknown account, another domain and a remote-style name", async () => {
      assert.equal((await get(`/.well-known/webfinger?resource=${encodeURIComponent(`acct:nobody@${DOMAIN}`)}`)).status, 404);
      assert.equal((await get(`/.well-known/webfinger?resource=${encodeURIComponent("acct:alice@elsewhere.example")}`)).status, 404);
      assert.equal((await get("/users/alice@elsewhere.example")).status, 404);
      assert.equal((await get("/users/nobody")).status, 404);
    });

    it("serves the actor as a Person with profile, collections, fields as PropertyValue, images and keys", async () => {
      const doc = await actor("/users/alice");
      assert.equal(doc.id, `${BASE_URL}/users/alice`);
      assert.equal(doc.type, "Person");
      assert.equal(doc.preferredUsername, "alice");
      assert.equal(doc.name, "Alice");
      assert.equal(doc.summary, "<p>Hello</p>");
      assert.equal(doc.url, `${BASE_URL}/@alice`);
      assert.equal(doc.inbox, `${BASE_URL}/users/alice/inbox`);
      assert.equal(doc.outbox, `${BASE_URL}/users/alice/outbox`);
      assert.equal(doc.followers, `${BASE_URL}/users/alice/followers`);
      assert.equal(doc.following, `${BASE_URL}/users/alice/following`);
      assert.equal(doc.endpoints.sharedInbox, `${BASE_URL}/inbox`);
      assert.equal(doc.manuallyApprovesFollowers, true);
      assert.equal(doc.discoverable, true);
      assert.equal(doc.indexable, true, "toot:indexable follows the account's opt-in");
      assert.deepEqual({ type: doc.icon.type, url: doc.icon.url, mediaType: doc.icon.mediaType }, { type: "Image", url: `${BASE_URL}/system/avatars/a.png`, mediaType: "image/png" });
      assert.equal(doc.image.url, `${BASE_URL}/system/headers/h.jpg`);
      const attachments = [doc.attachment].flat();
      assert.deepEqual(attachments, [{ type: "PropertyValue", name: "Site", value: '<a href="https://alice.example">alice.example</a>' }]);
      assert.ok([doc["@context"]].flat().includes("https://w3id.org/security/v1"));
    });

    it("publishes an RSA public key that parses as SPKI PEM and verifies signatures of the key the service keeps, the same on every fetch", async () => {
      const doc = await actor("/users/alice");
      const stored = await h.db.table("actor_keys").where({ account_id: aliceId, algorithm: "RSASSA-PKCS1-v1_5" }).first();
      assert.equal(doc.publicKey.owner, `${BASE_URL}/users/alice`);
      assert.match(doc.publicKey.id, new RegExp(`^${BASE_URL}/users/alice#`));
      const key = createPublicKey({ key: doc.publicKey.publicKeyPem, format: "pem" });
      assert.equal(key.asymmetricKeyType, "rsa");
      assert.equal(key.export({ type: "spki", format: "pem" }).toString().trim(), doc.publicKey.publicKeyPem.trim());
      const jwk = (v: unknown) => (typeof v === "string" ? JSON.parse(v) : v) as JsonWebKey;
      const signed = createSign("sha256").update("hello").sign(createPrivateKey({ key: jwk(stored.private_jwk), format: "jwk" }));
      assert.equal(createVerify("sha256").update("hello").verify(key, signed), true, "the served key verifies what the stored private key signs");
      // Someone else's key must not verify against it: the check above is real.
      const forged = createSign("sha256").update("hello").sign(generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey);
      assert.equal(createVerify("sha256").update("hello").verify(key, forged), false);
      const multikeys = [doc.assertionMethod].flat();
      assert.equal(multikeys.length, 2, "RSA and Ed25519 as assertion methods");
      assert.ok(multikeys.every((m: Json) => m.controller === `${BASE_URL}/users/alice` && typeof m.publicKeyMultibase === "string"));
      const again = await actor("/users/alice", LD);
      assert.equal(again.publicKey.publicKeyPem, doc.publicKey.publicKeyPem, "keys are kept, not made again");
    });

    it("serves bots as Service and groups as Group, each with keys of its own", async () => {
      const robot = await actor("/users/robot");
      const club = await actor("/users/club");
      assert.equal(robot.type, "Service");
      assert.equal(club.type, "Group");
      assert.notEqual(robot.publicKey.publicKeyPem, club.publicKey.publicKeyPem);
    });

    it("keeps a suspended account's actor and key but shows none of its profile", async () => {
      const doc = await actor("/users/gone");
      assert.equal(doc.preferredUsername, "gone");
      assert.ok(!doc.name && !doc.summary);
      assert.ok(doc.publicKey.publicKeyPem);
    });

    it("publishes an account's aliases as alsoKnownAs and the account it moved to as movedTo", async () => {
      const newer = h.addAccount("newer");
      const mover = h.addAccount("mover", { movedToAccountId: newer.id });
      h.aliases.set(newer.id, ["http://old.example/users/newer", `${BASE_URL}/users/mover`]);
      h.answer("getAccounts", async ({ ids }: { ids: string[] }) => ({ accounts: ids.includes(newer.id) ? [newer] : [] }));
      const target = await actor("/users/newer");
      assert.deepEqual([target.alsoKnownAs].flat(), ["http://old.example/users/newer", `${BASE_URL}/users/mover`]);
      assert.equal(target.movedTo, undefined);
      const moved = await actor("/users/mover");
      assert.equal(moved.movedTo, newer.uri);
      assert.equal(moved.alsoKnownAs, undefined);
      h.aliases.set(h.addAccount("hidden", { suspended: true, movedToAccountId: newer.id }).id, ["http://old.example/users/hidden"]);
      const hidden = await actor("/users/hidden");
      assert.ok(hidden.alsoKnownAs === undefined && hidden.movedTo === undefined);
    });

    it("tags the custom emojis of a profile as Mastodon's Emoji tags, and asks for none when it uses none", async () => {
      const updatedAt = new Date("2024-04-01T12:00:00Z");
      const asked: string[][] = [];
      h.answer("getCustomEmojis", async ({ shortcodes, domain }: { shortcodes: string[]; domain?: string }) => {
        asked.push([...shortcodes, `@${domain ?? "local"}`]);
        const blobcat = { id: "77", shortcode: "blobcat", url: `${BASE_URL}/system/custom_emojis/blobcat.png`, staticUrl: `${BASE_URL}/system/custom_emojis/blobcat.png`, visibleInPicker: true, disabled: false, createdAt: updatedAt, updatedAt };
        return { emojis: shortcodes.includes("blobcat") ? [blobcat] : [] };
      });
      h.addAccount("emoji_fan", { displayName: "Fan :blobcat:", emojiShortcodes: ["blobcat", "unknown", "blobcat"] });
      const doc = await actor("/users/emoji_fan");
      assert.deepEqual(asked, [["blobcat", "unknown", "@local"]]);
      assert.deepEqual([doc.tag].flat(), [
        { id: `${BASE_URL}/emojis/77`, type: "Emoji", name: ":blobcat:", updated: "2024-04-01T12:00:00Z", icon: { type: "Image", mediaType: "image/png", url: `${BASE_URL}/system/custom_emojis/blobcat.png` } },
      ]);
      assert.ok(JSON.stringify(doc["@context"]).includes("toot:Emoji"));
      await actor("/users/robot");
      assert.equal(asked.length, 1);
    });

    it("sends browsers asking for HTML to the profile page", async () => {
      const response = await get("/users/alice", "text/html");
      assert.equal(response.status, 302);
      assert.equal(response.headers.get("location"), `${BASE_URL}/@alice`);
    });

    it("serves host-meta pointing at WebFinger, as XML and as JSON", async () => {
      const xml = await get("/.well-known/host-meta", "application/xrd+xml");
      assert.match(xml.headers.get("content-type") ?? "", /application\/xrd\+xml/);
      assert.match(await xml.text(), new RegExp(`<Link rel="lrdd" template="${BASE_URL}/.well-known/webfinger\\?resource=\\{uri\\}"/>`));
      const json = (await (await get("/.well-known/host-meta", "application/json")).json()) as Json;
      assert.deepEqual(json, { links: [{ rel: "lrdd", template: `${BASE_URL}/.well-known/webfinger?resource={uri}` }] });
    });

    it("keeps NodeInfo 2.0 as it was: the discovery link and the seven-member document", async () => {
      const links = (await (await get("/.well-known/nodeinfo", "application/json")).json()) as Json;
      assert.deepEqual(links, { links: [{ rel: "http://nodeinfo.diaspora.software/ns/schema/2.0", href: `${BASE_URL}/nodeinfo/2.0` }] });
      const response = await get("/nodeinfo/2.0", "application/json");
      assert.match(response.headers.get("content-type") ?? "", /profile="http:\/\/nodeinfo.diaspora.software\/ns\/schema\/2.0#"/);
      const doc = (await response.json()) as Json;
      assert.equal(doc.version, "2.0");
      assert.deepEqual(doc.software, { name: "starling", version: STARLING_VERSION });
      assert.deepEqual(doc.usage, { users: { total: 2, activeHalfyear: 2, activeMonth: 1 }, localPosts: 5 });
      assert.equal(doc.openRegistrations, true);
    });

    it("answers unknown paths with a JSON 404", async () => {
      const response = await get("/nope", "application/json");
      assert.equal(response.status, 404);
      assert.deepEqual(await response.json(), { error: "Not Found" });
    });
  });
}
