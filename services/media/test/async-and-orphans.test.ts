import assert from "node:assert/strict";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { decodePayload } from "@starling/events";
import { waitFor } from "@starling/testkit";
import { backends, startMediaHarness, type MediaHarness } from "./harness.ts";
import { pngImage, videoWithSound } from "./fixtures.ts";
import { fetchStored, rejectsWith, rowCount, storedFiles } from "./support.ts";
import { cleanUpOrphans } from "../src/use-cases/clean-up-orphans.ts";
import { processMedia } from "../src/use-cases/process-media.ts";

const DAY = 24 * 60 * 60_000;

for (const backend of backends) {
  describe(`asynchronous processing and orphan cleanup (${backend.name})`, function () {
    this.timeout(60_000);
    let h: MediaHarness;
    before(async () => (h = await startMediaHarness(backend)));
    after(() => h?.stop());

    it("answers a v2 upload as soon as it is stored, and the worker processes it afterwards", async () => {
      const media = await h.upload("501", { waitForProcessing: false, description: "later" }, { bytes: await videoWithSound() });
      assert.equal(media.processing, "pending");
      assert.equal(media.url, undefined, "no url until processed");
      assert.equal(media.type, "video");
      // Attaching before processing finished is refused.
      const early = h.client.attachMedia({ statusId: "1", accountId: "501", mediaIds: [media.id] }).then(
        () => "attached",
        (error: { code: number }) => error.code,
      );
      const done = await waitFor(
        async () => {
          const current = (await h.client.getOwnMedia({ id: media.id }, await h.viewer("501"))).media!;
          return current.processing === "done" && current;
        },
        { what: "processing", timeoutMs: 30_000 },
      );
      // Unless the worker was faster than the attach, it was refused as not ready.
      assert.ok([GrpcStatus.FAILED_PRECONDITION, "attached"].includes(await early));
      assert.match(done.url!, /\.mp4$/);
      assert.equal(done.description, "later");
      assert.equal((await fetchStored(h, done.url!)).status, 200);
      await waitFor(() => h.events.some((e) => e.type === "media.processed" && e.key === media.id), { what: "media.processed" });
    });

    it("deletes uploads never attached after a day, rows and files, and keeps attached ones", async () => {
      const orphan = await h.upload("503", { waitForProcessing: true }, { bytes: await pngImage(20, 20) }, { bytes: await pngImage(10, 10) });
      const kept = await h.upload("503", { waitForProcessing: true }, { bytes: await pngImage(20, 20) });
      await h.client.attachMedia({ statusId: "77", accountId: "503", mediaIds: [kept.id] });
      const keyOf = (url: string) => new URL(url).pathname.replace(/^\/system\//, "");
      const files = await storedFiles(h);
      for (const url of [orphan.url, orphan.previewUrl, kept.url]) assert.ok(files.includes(keyOf(url!)), url);

      h.clock.now = new Date(Date.now() + DAY - 60_000);
      await cleanUpOrphans(h.deps, DAY);
      assert.equal((await h.client.getMedia({ ids: [orphan.id] })).media.length, 1, "younger than a day: kept");

      h.clock.now = new Date(Date.now() + DAY + 60_000);
      const before = await rowCount(h);
      const removed = await cleanUpOrphans(h.deps, DAY);
      assert.ok(removed >= 1);
      assert.deepEqual((await h.client.getMedia({ ids: [orphan.id, kept.id] })).media.map((m) => m.id), [kept.id]);
      assert.equal(await rowCount(h), before - removed);
      const after = await storedFiles(h);
      assert.ok(!after.includes(keyOf(orphan.url!)) && !after.includes(keyOf(orphan.previewUrl!)), "the orphan's files are gone");
      assert.ok(after.includes(keyOf(kept.url!)), "the attached upload's file stays");
      await rejectsWith(h.client.getOwnMedia({ id: orphan.id }, await h.viewer("503")), GrpcStatus.NOT_FOUND);
    });

    it("keeps uploads a scheduled status reserved until the reservation ends, and refuses to reserve others' or attached ones", async () => {
      h.clock.now = new Date();
      const reserved = await h.upload("504", { waitForProcessing: true }, { bytes: await pngImage(20, 20) });
      const attached = await h.upload("504", { waitForProcessing: true }, { bytes: await pngImage(20, 20) });
      await h.client.attachMedia({ statusId: "78", accountId: "504", mediaIds: [attached.id] });
      const until = new Date(Date.now() + 3 * DAY);
      await rejectsWith(h.client.reserveMedia({ accountId: "505", mediaIds: [reserved.id], until }), GrpcStatus.INVALID_ARGUMENT);
      await rejectsWith(h.client.reserveMedia({ accountId: "504", mediaIds: [reserved.id, attached.id], until }), GrpcStatus.INVALID_ARGUMENT);
      await h.client.reserveMedia({ accountId: "504", mediaIds: [reserved.id], until });

      h.clock.now = new Date(Date.now() + 2 * DAY);
      await cleanUpOrphans(h.deps, DAY);
      assert.equal((await h.client.getMedia({ ids: [reserved.id] })).media.length, 1, "older than a day but reserved: kept");

      h.clock.now = new Date(until.getTime() + 60_000);
      await cleanUpOrphans(h.deps, DAY);
      assert.equal((await h.client.getMedia({ ids: [reserved.id] })).media.length, 0, "the reservation ended: removed");
    });
  });
}

for (const backend of backends) {
  describe(`processing after a crash (${backend.name})`, function () {
    this.timeout(60_000);
    let h: MediaHarness;
    before(async () => (h = await startMediaHarness(backend, { workers: false })));
    after(() => h?.stop());

    it("leaves a row leased by a live worker alone and takes it over once the lease has run out", async () => {
      const media = await h.upload("601", { waitForProcessing: false }, { bytes: await pngImage(50, 50) });
      assert.equal(media.processing, "pending");
      // A worker claimed it and is still within its lease: nobody else may take it.
      await h.db.table("media_attachments").where({ id: media.id }).update({ lease_until: new Date(h.clock.now.getTime() + 60_000) });
      assert.equal(await processMedia(h.deps), undefined);
      // That worker died: once its lease is over, the next worker processes the row.
      await h.db.table("media_attachments").where({ id: media.id }).update({ lease_until: new Date(h.clock.now.getTime() - 1_000) });
      const done = await processMedia(h.deps);
      assert.equal(done?.id, media.id);
      assert.equal(done?.processing, "done");
      assert.equal((await fetchStored(h, (await h.client.getMedia({ ids: [media.id] })).media[0]!.url!)).status, 200);
      assert.equal(await processMedia(h.deps), undefined, "nothing left pending");
    });

    it("marks an upload whose content cannot be processed as failed and announces it", async () => {
      const media = await h.upload("602", { waitForProcessing: false }, { bytes: await pngImage(50, 50) });
      // The stored upload went bad after inspection (disk corruption): processing fails for good.
      const key = (await h.db.table("media_attachments").where({ id: media.id }).first()).upload_key as string;
      await writeFile(join(h.mediaDir, key), "garbage");
      const failed = await processMedia(h.deps);
      assert.equal(failed?.processing, "failed");
      assert.equal((await h.client.getOwnMedia({ id: media.id }, await h.viewer("602"))).media?.processing, "failed");
      const event = await waitFor(() => h.events.find((e) => e.type === "media.processed" && e.key === media.id), { what: "media.processed for the failure" });
      assert.equal(decodePayload("media.processed", event).storedBytes, undefined, "nothing stored");
      assert.ok(!(await storedFiles(h)).includes(key), "the upload is not kept");
    });
  });
}
