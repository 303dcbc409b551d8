import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import sharp from "sharp";
import { waitFor } from "@starling/testkit";
import { backends, startMediaHarness, type MediaHarness } from "./harness.ts";
import { pngImage } from "./fixtures.ts";
import { rejectsWith, rowCount, scratchFiles, storedFiles } from "./support.ts";

for (const backend of backends) {
  describe(`refused uploads (${backend.name})`, function () {
    this.timeout(60_000);
    let h: MediaHarness;
    before(async () => (h = await startMediaHarness(backend)));
    after(() => h?.stop());

    /** Uploads on v1 and v2 alike must fail with INVALID_ARGUMENT and leave no row and no file. */
    async function refused(file: Parameters<MediaHarness["upload"]>[2], pattern: RegExp, thumbnail?: Parameters<MediaHarness["upload"]>[3]) {
      for (const waitForProcessing of [true, false]) {
        const details = await rejectsWith(h.upload("301", { waitForProcessing }, file, thumbnail), GrpcStatus.INVALID_ARGUMENT);
        assert.match(details, pattern);
      }
      assert.equal(await rowCount(h), 0);
      assert.deepEqual(await storedFiles(h), []);
      assert.deepEqual(await scratchFiles(h), []);
    }

    it("refuses a text file named .png, by its content", () =>
      refused({ bytes: Buffer.from("just some text, honestly\n".repeat(20)), fileName: "cat.png", contentType: "image/png" }, /content type is invalid/));

    it("refuses a zero-byte file and an upload without a file", async () => {
      await refused({ bytes: Buffer.alloc(0), fileName: "empty.png", contentType: "image/png" }, /can't be blank/);
      await refused(undefined, /can't be blank/);
    });

    it("refuses a corrupt image whose header looks fine", async () => {
      const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: "green" } }).png({ compressionLevel: 0 }).toBuffer();
      await refused({ bytes: png.subarray(0, Math.floor(png.length / 2)) }, /could not be read/);
    });

    it("refuses an image over 10 MB, both on v1 and v2", async () => {
      const png = await pngImage(16, 16);
      const oversized = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024 + 1 - png.length)]);
      await refused({ bytes: oversized }, /must be less than 10 MB/);
    });

    it("refuses an image over 16 megapixels", async () => {
      const huge = await sharp({ create: { width: 5000, height: 4000, channels: 3, background: "white" } }).png().toBuffer();
      await refused({ bytes: huge }, /dimensions/);
    });

    it("leaves nothing behind when the caller cancels an upload midway, at the latest once its deadline passes", async () => {
      await h.cancelUpload("301", { bytes: Buffer.alloc(3 * 1024 * 1024, 7) });
      // The part file is written while the stream is open, then removed.
      await waitFor(async () => (await scratchFiles(h)).length === 1, { what: "the upload in flight" });
      await waitFor(async () => (await scratchFiles(h)).length === 0, { what: "scratch files removed", timeoutMs: 10_000 });
      assert.equal(await rowCount(h), 0);
      assert.deepEqual(await storedFiles(h), []);
    });

    it("refuses a thumbnail that is not an image, and a description over 1500 characters", async () => {
      await refused({ bytes: await pngImage(10, 10) }, /Thumbnail content type is invalid/, { bytes: Buffer.from("not an image at all") });
      for (const waitForProcessing of [true, false]) {
        await rejectsWith(h.upload("301", { waitForProcessing, description: "x".repeat(1501) }, { bytes: await pngImage(10, 10) }), GrpcStatus.INVALID_ARGUMENT);
        await rejectsWith(h.upload("301", { waitForProcessing, focus: "2,0" }, { bytes: await pngImage(10, 10) }), GrpcStatus.INVALID_ARGUMENT);
      }
      assert.equal(await rowCount(h), 0);
    });
  });
}
