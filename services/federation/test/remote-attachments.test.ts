import assert from "node:assert/strict";
import { backends, startHarness, type Harness } from "./harness.ts";
import { startSigningPeer, type PeerActor, type SigningPeer } from "./signing-peer.ts";

type Json = Record<string, any>;

const PUBLIC = "https://www.w3.org/ns/activitystreams#Public";
// Mastodon's context terms for attachments (abridged to what these tests use).
const CONTEXT = [
  "https://www.w3.org/ns/activitystreams",
  { toot: "http://joinmastodon.org/ns#", sensitive: "as:sensitive", blurhash: "toot:blurhash", focalPoint: { "@container": "@list", "@id": "toot:focalPoint" } },
];
const BLURHASH = "UBL_:rOpGG-oBUNG,qRj2so|=eE1w^n4S5NH";

let serial = 0;

for (const backend of backends) {
  describe(`inbound attachments of remote posts (${backend.name})`, function () {
    this.timeout(60_000);
    let h: Harness;
    let remote: SigningPeer;
    let alice: PeerActor;

    before(async () => {
      h = await startHarness(backend);
      remote = await startSigningPeer();
      alice = await remote.actor("alice");
      // alice is known here (her profile Update introduced her) and followed, so her posts are not unsolicited.
      const follower = h.addAccount("follower");
      h.answer("listFollowers", async () => ({ accounts: [follower], nextCursor: "" }));
      const update = { "@context": "https://www.w3.org/ns/activitystreams", id: `${alice.id}#update`, type: "Update", actor: alice.id, object: { id: alice.id, type: "Person" } };
      assert.equal((await remote.send(alice, `${h.url}/inbox`, update)).status, 202);
    });
    after(async () => {
      await h?.stop();
      await remote?.stop();
    });

    const note = (fields: Json = {}): Json & { id: string } => {
      const id = `${alice.id}/statuses/${++serial}`;
      return { id, type: "Note", published: "2024-05-01T10:00:00Z", attributedTo: alice.id, to: [PUBLIC], cc: [], content: "<p>Look</p>", ...fields };
    };
    const activity = (type: string, object: unknown, fields: Json = {}): Json => ({
      "@context": CONTEXT, id: `${alice.id}#${type.toLowerCase()}-${++serial}`, type, actor: alice.id, to: [PUBLIC], ...fields, object,
    });
    async function deliver(body: Json) {
      const before = h.calls.length;
      const response = await remote.send(alice, `${h.url}/inbox`, body);
      assert.equal(response.status, 202, `inbox answered ${response.status}: ${await response.text()}`);
      return h.calls.slice(before).filter((call) => call.method !== "upsertRemoteAccount");
    }
    const photo = (name: string, fields: Json = {}) => ({ type: "Document", mediaType: "image/jpeg", url: `${remote.origin}/files/${name}.jpg`, name: `${name} alt`, ...fields });

    it("registers a Create's attachments as Mastodon reads them, the first four with a file URL, and stores the post with their ids", async () => {
      const object = note({
        attachment: [
          photo("cat", { blurhash: BLURHASH, focalPoint: [0.5, -0.25], width: 1200, height: 800 }),
          { type: "PropertyValue", name: "not", value: "a file" },
          { type: "Video", mediaType: "video/mp4", url: { type: "Link", href: `${remote.origin}/files/clip.mp4` }, summary: "clip summary", name: "clip name", icon: { type: "Image", url: `${remote.origin}/files/clip-preview.jpg` } },
          photo("script", { url: "javascript:alert(1)" }),
          { type: "Audio", url: `${remote.origin}/files/song.mp3` },
          photo("dog"),
          photo("fifth"),
        ],
      });
      const calls = await deliver(activity("Create", object));
      assert.deepEqual(calls.map((c) => c.method), ["registerRemoteMedia", "upsertRemoteStatus"]);
      const [register, upsert] = calls.map((c) => c.request);
      assert.equal(register.accountId, upsert.accountId);
      assert.deepEqual(
        register.items.map((i: Json) => [i.remoteUrl, i.mediaType, i.description, i.blurhash, i.width, i.height, i.focus, i.previewRemoteUrl]),
        [
          [`${remote.origin}/files/cat.jpg`, "image/jpeg", "cat alt", BLURHASH, 1200, 800, { x: 0.5, y: -0.25 }, undefined],
          [`${remote.origin}/files/clip.mp4`, "video/mp4", "clip summary", undefined, undefined, undefined, undefined, `${remote.origin}/files/clip-preview.jpg`],
          [`${remote.origin}/files/song.mp3`, undefined, undefined, undefined, undefined, undefined, undefined, undefined],
          [`${remote.origin}/files/dog.jpg`, "image/jpeg", "dog alt", undefined, undefined, undefined, undefined, undefined],
        ],
      );
      assert.equal(new Set(upsert.mediaIds).size, 4, "one id per attachment, from the media service");
      assert.deepEqual(h.statuses.get(object.id)?.mediaIds, upsert.mediaIds);
    });

    it("registers an edit's attachments again (same files, same ids) with what changed", async () => {
      const object = note({ attachment: [photo("first"), photo("second")] });
      const [, created] = await deliver(activity("Create", object));
      const edited = { ...object, updated: "2024-05-01T11:00:00Z", attachment: [photo("second", { name: "better alt", blurhash: BLURHASH }), photo("third")] };
      const calls = await deliver(activity("Update", edited));
      assert.deepEqual(calls.map((c) => c.method), ["registerRemoteMedia", "upsertRemoteStatus"]);
      assert.deepEqual(calls[0]!.request.items.map((i: Json) => [i.description, i.blurhash]), [["better alt", BLURHASH], ["third alt", undefined]]);
      const mediaIds: string[] = calls[1]!.request.mediaIds;
      assert.equal(mediaIds[0], created!.request.mediaIds[1], "the kept file keeps its id");
      assert.notEqual(mediaIds[1], created!.request.mediaIds[0]);
    });

    it("reads blurhash and focal point from a fetched post too", async () => {
      const object = note({ attachment: [photo("fetched", { blurhash: BLURHASH, focalPoint: [-1, 1] })] });
      remote.serve(new URL(object.id).pathname, { "@context": CONTEXT, ...object });
      const calls = await deliver(activity("Announce", object.id));
      const register = calls.find((c) => c.method === "registerRemoteMedia")!.request;
      assert.deepEqual([register.items[0].blurhash, register.items[0].focus], [BLURHASH, { x: -1, y: 1 }]);
    });

    it("registers nothing for a post without attachments", async () => {
      const calls = await deliver(activity("Create", note({ attachment: [] })));
      assert.deepEqual(calls.map((c) => c.method), ["upsertRemoteStatus"]);
      assert.deepEqual(calls[0]!.request.mediaIds, []);
    });
  });
}
