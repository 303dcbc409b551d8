// Attachments of local statuses as other servers receive them: Mastodon's blurhash and focalPoint,
// which Fedify's Document cannot carry, added to the queued activity with their context terms.
import assert from "node:assert/strict";
import { encodePayload, EVENT_CATALOG, newEnvelope, type EventType, type PayloadOf } from "@starling/events";
import type { Account } from "@starling/proto/accounts/v1/accounts";
import type { MediaAttachment } from "@starling/proto/media/v1/media";
import type { FederatedStatus } from "@starling/proto/statuses/v1/federated_statuses";
import type { Status } from "@starling/proto/statuses/v1/statuses";
import { saveRemoteActor } from "../src/data/remote-actors-queries.ts";
import { backends, BASE_URL, startHarness, type Harness } from "./harness.ts";

type Json = Record<string, any>;
const BLURHASH = "UBL_:rOpGG-oBUNG,qRj2so|=eE1w^n4S5NH";

const media = (id: string, fields: Partial<MediaAttachment> = {}): MediaAttachment => ({
  id, type: "image", url: `${BASE_URL}/system/media_attachments/${id}/original.png`, previewUrl: "", remoteUrl: "", previewRemoteUrl: "", description: "",
  blurhash: "", meta: { original: { width: 640, height: 480 }, small: undefined, focus: undefined }, processing: "done", statusId: "", accountId: "", createdAt: new Date(), ...fields,
});

for (const backend of backends) {
  describe(`outbound attachments with Mastodon's extensions (${backend.name})`, function () {
    this.timeout(60_000);
    let h: Harness;
    let alice: Account;
    const accounts = new Map<string, Account>();
    const federated = new Map<string, FederatedStatus>();
    const attachments = new Map<string, MediaAttachment>();

    const publish = async <T extends EventType>(type: T, key: string, payload: PayloadOf<T>) => {
      await h.bus.publish(EVENT_CATALOG[type].topic, [newEnvelope({ type, source: "test", key, payload: encodePayload(type, payload) })]);
    };
    const queued = async (activityId: string) => (await h.queued(activityId)).activity;

    before(async () => {
      h = await startHarness(backend);
      alice = h.addAccount("alice");
      const bob = h.addAccount("bob_remote", { username: "bob", domain: "remote.test", uri: "http://remote.test/users/bob" });
      await saveRemoteActor(h.db, { accountId: bob.id, uri: bob.uri, inboxUrl: `${bob.uri}/inbox`, sharedInboxUrl: "http://remote.test/inbox", followersUrl: `${bob.uri}/followers`, domain: "remote.test", fetchedAt: new Date() });
      for (const account of [alice, bob]) accounts.set(account.id, account);
      h.answer("getAccounts", async ({ ids }: { ids: string[] }) => ({ accounts: ids.flatMap((id) => accounts.get(id) ?? []) }));
      h.answer("listRemoteFollowers", async ({ accountId }: { accountId: string }) => ({ accountIds: accountId === alice.id ? [bob.id] : [] }));
      h.answer("getStatusesForFederation", async ({ ids }: { ids: string[] }) => ({ statuses: ids.flatMap((id) => federated.get(id) ?? []) }));
      h.answer("getMedia", async ({ ids }: { ids: string[] }) => ({ media: ids.flatMap((id) => attachments.get(id) ?? []) }));
      h.answer("getCustomEmojis", async () => ({ emojis: [] }));
    });
    after(() => h?.stop());

    it("gives attachments of a Create and of an Update their blurhash and focal point, as Mastodon does", async () => {
      attachments.set("501", media("501", { description: "a cat", blurhash: BLURHASH, meta: { original: { width: 640, height: 480 }, small: undefined, focus: { x: 0.5, y: -0.25 } } }));
      attachments.set("502", media("502"));
      const thumbnail = `${BASE_URL}/system/media_attachments/503/small.png`;
      attachments.set("503", media("503", { type: "video", url: `${BASE_URL}/system/media_attachments/503/original.mp4`, previewUrl: thumbnail }));
      const id = "9501";
      const status: Status = {
        id, uri: `${alice.uri}/statuses/${id}`, url: `${BASE_URL}/@alice/${id}`, accountId: alice.id, inReplyToId: "", inReplyToAccountId: "", content: "<p>cats</p>", text: "cats",
        spoilerText: "", visibility: "public", sensitive: false, language: "en", createdAt: new Date("2024-05-01T10:00:00Z"), editedAt: undefined, repliesCount: 0,
        reblogsCount: 0, favouritesCount: 0, application: undefined, local: true, mediaIds: ["501", "502", "503"], cardId: "", pollId: "", reblogOfId: "", reblog: undefined,
        viewer: undefined, mentionedAccountIds: [], tags: [], emojiShortcodes: [], filtered: [],
      };
      federated.set(id, { status, inReplyToUri: undefined, reblogOfUri: undefined, poll: undefined });
      await publish("status.created", id, { statusId: id, accountId: alice.id, visibility: "public", local: true, mentionedAccountIds: [], createdAt: status.createdAt, language: "en", tags: [], hasMedia: false });
      const create = await queued(`${status.uri}/activity`);
      const [described, plain, video] = [create.object.attachment].flat();
      assert.deepEqual(
        [described.type, described.url, described.name, described.blurhash, described.focalPoint, described.width, described.height],
        ["Document", attachments.get("501")!.url, "a cat", BLURHASH, [0.5, -0.25], 640, 480],
      );
      assert.deepEqual([plain.blurhash, plain.focalPoint, plain.icon], [undefined, undefined, undefined], "nothing to add, nothing added");
      // A video's thumbnail is its icon; an image has none.
      assert.deepEqual([video.mediaType, video.icon?.type, video.icon?.url], ["video/mp4", "Image", thumbnail]);
      assert.ok(
        [create["@context"]].flat().some((c: unknown) => typeof c === "object" && c !== null && (c as Json).blurhash === "toot:blurhash" && (c as Json).focalPoint?.["@container"] === "@list"),
        "the terms are in the context",
      );

      const editedAt = new Date("2024-05-01T11:00:00Z");
      federated.set(id, { status: { ...status, editedAt, content: "<p>cats!</p>" }, inReplyToUri: undefined, reblogOfUri: undefined, poll: undefined });
      await publish("status.updated", id, { statusId: id, accountId: alice.id, visibility: "public", local: true, editedAt, language: "en", mentionedAccountIds: [], tags: [], hasMedia: false });
      const update = await queued(`${status.uri}#updates/${editedAt.getTime()}`);
      assert.equal([update.object.attachment].flat()[0].blurhash, BLURHASH);

      // Fetched rather than delivered: the Note, and the Create at /activity, carry them too.
      const get = async (path: string) => {
        const response = await fetch(`${h.url}${path}`, { headers: { accept: "application/activity+json" } });
        assert.equal(response.status, 200, path);
        return (await response.json()) as Json;
      };
      const fetched = await get(`/users/alice/statuses/${id}`);
      assert.deepEqual([fetched.attachment].flat().map((a: Json) => [a.blurhash, a.focalPoint]), [[BLURHASH, [0.5, -0.25]], [undefined, undefined], [undefined, undefined]]);
      assert.ok([fetched["@context"]].flat().some((c: unknown) => typeof c === "object" && c !== null && (c as Json).blurhash === "toot:blurhash"));
      const activity = await get(`/users/alice/statuses/${id}/activity`);
      assert.deepEqual([activity.id, activity.type, activity.actor, activity.object.id], [`${status.uri}/activity`, "Create", alice.uri, status.uri]);
      assert.equal([activity.object.attachment].flat()[0].blurhash, BLURHASH);
    });
  });
}
