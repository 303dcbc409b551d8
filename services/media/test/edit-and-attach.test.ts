import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { backends, startMediaHarness, type MediaHarness } from "./harness.ts";
import { pngImage, videoWithSound } from "./fixtures.ts";
import { fetchStored, rejectsWith } from "./support.ts";

for (const backend of backends) {
  describe(`editing and attaching media (${backend.name})`, function () {
    this.timeout(60_000);
    let h: MediaHarness;
    before(async () => (h = await startMediaHarness(backend)));
    after(() => h?.stop());

    const image = async (accountId: string) => h.upload(accountId, { waitForProcessing: true }, { bytes: await pngImage(40, 30) });

    it("changes description, focus and thumbnail before the upload is attached", async () => {
      const media = await image("401");
      const edited = await h.update("401", { id: media.id, description: "now described", focus: "-1,1" });
      assert.equal(edited.description, "now described");
      assert.deepEqual(edited.meta?.focus, { x: -1, y: 1 });
      const first = await h.update("401", { id: media.id }, { bytes: await pngImage(20, 20) });
      assert.equal(first.description, "now described", "an absent field stays as it was");
      const second = await h.update("401", { id: media.id }, { bytes: await pngImage(30, 30) });
      assert.notEqual(second.previewUrl, first.previewUrl, "a new thumbnail gets a new URL");
      assert.equal((await fetchStored(h, second.previewUrl!)).status, 200);
      assert.equal((await fetchStored(h, first.previewUrl!)).status, 404, "the replaced thumbnail is deleted");
      const cleared = await h.update("401", { id: media.id, description: "" });
      assert.equal(cleared.description, undefined);
    });

    it("lets only the owner see and change an unattached upload", async () => {
      const media = await image("402");
      assert.equal((await h.client.getOwnMedia({ id: media.id }, await h.viewer("402"))).media?.id, media.id);
      await rejectsWith(h.client.getOwnMedia({ id: media.id }, await h.viewer("499")), GrpcStatus.NOT_FOUND);
      await rejectsWith(h.update("499", { id: media.id, description: "mine now" }), GrpcStatus.NOT_FOUND);
      await rejectsWith(h.client.getOwnMedia({ id: "12345" }, await h.viewer("402")), GrpcStatus.NOT_FOUND);
      await rejectsWith(h.client.getOwnMedia({ id: "not-a-number" }, await h.viewer("402")), GrpcStatus.NOT_FOUND);
    });

    it("attaches up to four of the author's uploads in order and then refuses edits", async () => {
      const ids = [];
      for (let i = 0; i < 4; i += 1) ids.push((await image("403")).id);
      const attached = await h.client.attachMedia({ statusId: "9001", accountId: "403", mediaIds: [ids[2]!, ids[0]!, ids[3]!, ids[1]!] });
      assert.deepEqual(attached.media.map((m) => m.id), [ids[2], ids[0], ids[3], ids[1]]);
      assert.ok(attached.media.every((m) => m.statusId === "9001"));
      const details = await rejectsWith(h.update("403", { id: ids[0]!, description: "too late" }), GrpcStatus.FAILED_PRECONDITION);
      assert.match(details, /attached/);
      await rejectsWith(h.client.getOwnMedia({ id: ids[0]! }, await h.viewer("403")), GrpcStatus.NOT_FOUND);
      // An edit of the same status may keep them; another status may not take them.
      assert.equal((await h.client.attachMedia({ statusId: "9001", accountId: "403", mediaIds: [ids[0]!] })).media.length, 1);
      await rejectsWith(h.client.attachMedia({ statusId: "9002", accountId: "403", mediaIds: [ids[0]!] }), GrpcStatus.INVALID_ARGUMENT);
      assert.deepEqual((await h.client.getMedia({ ids: [ids[1]!, "777", ids[0]!] })).media.map((m) => m.id), [ids[1], ids[0]]);
    });

    it("refuses a fifth attachment, someone else's upload, and audio or video mixed with images, attaching none", async () => {
      const mine = [];
      for (let i = 0; i < 5; i += 1) mine.push((await image("404")).id);
      await rejectsWith(h.client.attachMedia({ statusId: "9100", accountId: "404", mediaIds: mine }), GrpcStatus.INVALID_ARGUMENT);
      const theirs = (await image("405")).id;
      await rejectsWith(h.client.attachMedia({ statusId: "9101", accountId: "404", mediaIds: [mine[0]!, theirs] }), GrpcStatus.INVALID_ARGUMENT);
      const video = (await h.upload("404", { waitForProcessing: true }, { bytes: await videoWithSound() })).id;
      await rejectsWith(h.client.attachMedia({ statusId: "9102", accountId: "404", mediaIds: [mine[1]!, video] }), GrpcStatus.INVALID_ARGUMENT);
      const untouched = await h.client.getMedia({ ids: [...mine, theirs, video] });
      assert.ok(untouched.media.every((m) => m.statusId === undefined), "nothing was attached");
      await rejectsWith(h.client.attachMedia({ statusId: "9103", accountId: "404", mediaIds: [mine[0]!] }, await h.viewer("405")), GrpcStatus.PERMISSION_DENIED);
    });
  });
}
