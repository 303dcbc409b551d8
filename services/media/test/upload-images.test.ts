import assert from "node:assert/strict";
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { decode, isBlurhashValid } from "blurhash";
import sharp from "sharp";
import { decodePayload } from "@starling/events";
import { waitFor } from "@starling/testkit";
import { backends, startMediaHarness, type MediaHarness } from "./harness.ts";
import { jpegWithExif, pngImage } from "./fixtures.ts";
import { defined, fetchStored, scratchFiles, storedFiles } from "./support.ts";

for (const backend of backends) {
  describe(`image uploads (${backend.name})`, function () {
    this.timeout(60_000);
    let h: MediaHarness;
    before(async () => (h = await startMediaHarness(backend)));
    after(() => h?.stop());

    it("processes a PNG before answering on v1: url, small preview, meta and blurhash", async () => {
      const media = await h.upload("101", { waitForProcessing: true, description: "a red and blue square", focus: "0.5,-0.25" }, { bytes: await pngImage(800, 600), fileName: "pic.png", contentType: "image/png" });
      assert.equal(media.type, "image");
      assert.equal(media.processing, "done");
      assert.equal(media.accountId, "101");
      assert.equal(media.statusId, undefined);
      assert.equal(media.description, "a red and blue square");
      assert.match(media.url!, /^https:\/\/social\.test\/system\/media_attachments\/files\/(\d{3}\/)+original\/\d+\.png$/);
      assert.match(media.previewUrl!, /\/small\/\d+\.png$/);
      assert.equal(media.remoteUrl, undefined);
      assert.deepEqual(defined(media.meta?.original), { width: 800, height: 600, size: "800x600", aspect: 800 / 600 });
      // 230,400 pixels (640x360) at 4:3.
      assert.deepEqual(defined(media.meta?.small), { width: 554, height: 415, size: "554x415", aspect: 554 / 415 });
      assert.deepEqual(media.meta?.focus, { x: 0.5, y: -0.25 });
      assert.ok(isBlurhashValid(media.blurhash!).result, media.blurhash);
      const [r, , b] = decode(media.blurhash!, 2, 1, 1); // left pixel of a 2x1 render is red-ish
      assert.ok(r! > b!, "the blurhash carries the image's colours");
      const served = await fetchStored(h, media.url!);
      assert.equal(served.status, 200);
      assert.equal(served.headers.get("content-type"), "image/png");
      assert.equal(served.headers.get("cache-control"), "public, max-age=31536000, immutable");
      assert.deepEqual(await sharp(Buffer.from(await served.arrayBuffer())).metadata().then((m) => [m.format, m.width, m.height]), ["png", 800, 600]);
      assert.equal((await fetchStored(h, media.previewUrl!)).status, 200);
    });

    it("turns a sideways JPEG upright and strips its EXIF and GPS from the stored original and preview", async () => {
      const upload = await jpegWithExif(400, 200);
      assert.ok((await sharp(upload).metadata()).exif, "the fixture carries EXIF");
      const media = await h.upload("101", { waitForProcessing: true }, { bytes: upload, fileName: "photo.jpg", contentType: "image/jpeg" });
      assert.equal(media.type, "image");
      assert.match(media.url!, /\.jpg$/);
      assert.deepEqual([media.meta?.original?.width, media.meta?.original?.height], [200, 400]);
      for (const url of [media.url, media.previewUrl]) {
        const bytes = Buffer.from(await (await fetchStored(h, url!)).arrayBuffer());
        const meta = await sharp(bytes).metadata();
        assert.equal(meta.format, "jpeg");
        assert.equal(meta.exif, undefined, `${url} has no EXIF`);
        assert.ok(!bytes.toString("latin1").includes("secret-owner"));
        assert.ok(meta.orientation === undefined || meta.orientation === 1);
        // Rotated clockwise, the red left half is now on top.
        const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
        const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
        const [topR, , topB] = at(Math.floor(info.width / 2), 2);
        const [bottomR, , bottomB] = at(Math.floor(info.width / 2), info.height - 3);
        assert.ok(topR! > topB! && bottomB! > bottomR!, "upright: red on top, blue below");
      }
    });

    it("downscales stored originals to 1920x1080 worth of pixels and previews to 640x360", async () => {
      const media = await h.upload("101", { waitForProcessing: true }, { bytes: await pngImage(2400, 1800) });
      const { width = 0, height = 0 } = media.meta!.original!;
      assert.ok(width * height <= 2_073_600 && width * height > 2_000_000, `${width}x${height}`);
      const small = media.meta!.small!;
      assert.ok(small.width! * small.height! <= 230_400, `${small.width}x${small.height}`);
      assert.ok(Math.abs(width / height - 4 / 3) < 0.01);
    });

    it("announces media.processed through the outbox and leaves no scratch files", async () => {
      const media = await h.upload("102", { waitForProcessing: true }, { bytes: await pngImage(64, 64) });
      const event = await waitFor(() => h.events.find((e) => e.type === "media.processed" && e.key === media.id), { what: "media.processed" });
      assert.equal(event.source, "media");
      // It says what the stored original and preview occupy, which the dashboard sums per server.
      const files = (await storedFiles(h)).filter((k) => k.includes(`/${media.id}.`));
      assert.equal(files.length, 2, files.join());
      const sizes = await Promise.all(files.map(async (k) => (await stat(join(h.mediaDir, k))).size));
      assert.equal(decodePayload("media.processed", event).storedBytes, sizes[0]! + sizes[1]!);
      assert.deepEqual(await scratchFiles(h), []);
      assert.ok(!(await storedFiles(h)).some((k) => k.startsWith("uploads/")), "the upload as received is gone once processed");
    });
  });
}
