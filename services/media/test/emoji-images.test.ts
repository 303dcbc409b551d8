import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import sharp from "sharp";
import { roleWith, type ViewerRole } from "@starling/runtime";
import type { StoreEmojiImageResponse } from "@starling/proto/media/v1/media";
import { cleanUpOrphans } from "../src/use-cases/clean-up-orphans.ts";
import { animatedGif, jpegWithExif, pngImage } from "./fixtures.ts";
import { backends, startMediaHarness, type MediaHarness, type PartInput } from "./harness.ts";
import { rejectsWith, rowCount, scratchFiles, sendFilePart, servedFile, storedFiles } from "./support.ts";

for (const backend of backends) {
  describe(`custom emoji images (${backend.name})`, function () {
    this.timeout(60_000);
    let h: MediaHarness;
    before(async () => (h = await startMediaHarness(backend)));
    after(() => h?.stop());

    /** Streams one image through StoreEmojiImage as `role` (null: a viewer without a role). */
    const store = async (file: PartInput | undefined, role: ViewerRole | null = roleWith(["manage_custom_emojis"])): Promise<StoreEmojiImageResponse> =>
      sendFilePart(h.client.storeEmojiImage(await h.viewer("1", role ?? undefined)), file);
    const served = (url: string) => servedFile(h, url);
    const emojiFiles = async () => (await storedFiles(h)).filter((k) => k.startsWith("custom_emojis/"));

    it("keeps a PNG byte for byte under custom_emojis/images and adds a static PNG of it", async () => {
      const png = await pngImage(64, 64);
      const stored = await store({ bytes: png, fileName: "blobcat.png", contentType: "image/png" });
      assert.match(stored.url, /^https:\/\/social\.test\/system\/custom_emojis\/images\/(\d{3}\/)+original\/\d+\.png$/);
      assert.match(stored.staticUrl, /^https:\/\/social\.test\/system\/custom_emojis\/images\/(\d{3}\/)+static\/\d+\.png$/);
      const original = await served(stored.url);
      assert.equal(original.type, "image/png");
      assert.ok(original.bytes.equals(png), "the original is served as uploaded");
      const still = await served(stored.staticUrl);
      assert.equal(still.type, "image/png");
      assert.deepEqual(await sharp(still.bytes).metadata().then((m) => [m.format, m.width, m.height]), ["png", 64, 64]);
    });

    it("keeps an animated GIF animated and makes its static version a one-frame PNG", async () => {
      const gif = await animatedGif();
      const stored = await store({ bytes: gif, fileName: "party.gif" });
      assert.match(stored.url, /\/original\/\d+\.gif$/);
      const original = await served(stored.url);
      assert.equal(original.type, "image/gif");
      assert.ok(original.bytes.equals(gif));
      assert.ok(((await sharp(original.bytes).metadata()).pages ?? 1) > 1, "still animated");
      const still = await sharp((await served(stored.staticUrl)).bytes).metadata();
      assert.deepEqual([still.format, still.pages ?? 1, still.width, still.height], ["png", 1, 120, 90]);
    });

    it("gives every stored image fresh names, so a replaced emoji never reuses a cached URL", async () => {
      const png = await pngImage(16, 16);
      const [first, second] = [await store({ bytes: png }), await store({ bytes: png })];
      assert.notEqual(first.url, second.url);
      assert.notEqual(first.staticUrl, second.staticUrl);
    });

    it("refuses what is not a PNG or GIF of at most 256 KB, storing nothing", async () => {
      const before = await emojiFiles();
      const oversized = Buffer.concat([await pngImage(32, 32), Buffer.alloc(300 * 1024)]);
      const refusals: Array<[PartInput | undefined, RegExp]> = [
        [{ bytes: Buffer.from("just some text, not an image\n"), fileName: "fake.png", contentType: "image/png" }, /Image content type is invalid/],
        [{ bytes: await jpegWithExif(32, 32), fileName: "photo.png" }, /Image content type is invalid/],
        [{ bytes: oversized, fileName: "big.png" }, /file size must be less than 256 KB/],
        [{ bytes: Buffer.concat([Buffer.from("GIF89a"), Buffer.alloc(64, 7)]), fileName: "broken.gif" }, /Image/],
        [{ bytes: Buffer.alloc(0) }, /Image can't be blank/],
        [undefined, /Image can't be blank/],
      ];
      for (const [file, message] of refusals) {
        assert.match(await rejectsWith(store(file), GrpcStatus.INVALID_ARGUMENT), message, file?.fileName);
      }
      assert.deepEqual(await emojiFiles(), before);
      assert.deepEqual(await scratchFiles(h), []);
    });

    it("stores emoji images for Owners and Admins only", async () => {
      const before = await emojiFiles();
      const png = { bytes: await pngImage(16, 16) };
      for (const role of [roleWith(["manage_reports", "manage_users"]), null]) await rejectsWith(store(png, role), GrpcStatus.PERMISSION_DENIED);
      assert.deepEqual(await emojiFiles(), before);
      assert.match((await store(png, roleWith(["administrator"]))).url, /custom_emojis/);
    });

    it("writes no media rows, and the orphan cleanup leaves emoji images alone", async () => {
      const rows = await rowCount(h);
      const stored = await store({ bytes: await pngImage(16, 16) });
      assert.equal(await rowCount(h), rows);
      h.clock.now = new Date(Date.now() + 30 * 24 * 3600_000);
      await cleanUpOrphans(h.deps, 1);
      await served(stored.url);
      await served(stored.staticUrl);
    });
  });
}
