import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import sharp from "sharp";
import { MediaPartKind, ProfileImagePurpose, type StoreProfileImageResponse } from "@starling/proto/media/v1/media";
import { cleanUpOrphans } from "../src/use-cases/clean-up-orphans.ts";
import { animatedGif, jpegWithExif, pngImage, silentVideo } from "./fixtures.ts";
import { backends, startMediaHarness, type MediaHarness, type PartInput } from "./harness.ts";
import { rejectsWith, rowCount, scratchFiles, sendFilePart, servedFile, storedFiles } from "./support.ts";

const { PROFILE_IMAGE_PURPOSE_AVATAR: AVATAR, PROFILE_IMAGE_PURPOSE_HEADER: HEADER } = ProfileImagePurpose;

for (const backend of backends) {
  describe(`avatars and headers (${backend.name})`, function () {
    this.timeout(60_000);
    let h: MediaHarness;
    before(async () => (h = await startMediaHarness(backend)));
    after(() => h?.stop());

    /** Streams one image through StoreProfileImage in 64 KiB chunks, as the gateway does. */
    const store = async (accountId: string, purpose: ProfileImagePurpose, file?: PartInput): Promise<StoreProfileImageResponse> => {
      const call = h.client.storeProfileImage(await h.viewer(accountId));
      await call.write({ options: { purpose } });
      return sendFilePart(call, file);
    };
    const served = (url: string) => servedFile(h, url);
    const size = async (bytes: Buffer) => sharp(bytes).metadata().then((m) => [m.format, m.width, m.pageHeight ?? m.height]);

    it("crops an avatar to 400x400 and serves it under accounts/avatars, the still being the same file", async () => {
      const stored = await store("1234567", AVATAR, { bytes: await pngImage(900, 300), fileName: "me.png", contentType: "image/png" });
      assert.match(stored.url, /^https:\/\/social\.test\/system\/accounts\/avatars\/001\/234\/567\/original\/\d+\.png$/);
      assert.equal(stored.staticUrl, stored.url);
      const file = await served(stored.url);
      assert.equal(file.type, "image/png");
      assert.deepEqual(await size(file.bytes), ["png", 400, 400]);
      // Cover crop around the centre: the red left and blue right halves both survive.
      const { data, info } = await sharp(file.bytes).raw().toBuffer({ resolveWithObject: true });
      const red = (x: number) => data[(200 * info.width + x) * info.channels]!;
      assert.ok(red(10) > 150 && red(390) < 100, "left red, right blue");
    });

    it("scales a header down to 1500x500 pixels in area keeping its aspect, and never up", async () => {
      const wide = await store("1", HEADER, { bytes: await pngImage(3000, 1000) });
      assert.match(wide.url, /\/system\/accounts\/headers\/001\/original\/\d+\.png$/);
      assert.deepEqual(await size((await served(wide.url)).bytes), ["png", 1500, 500]);
      const square = await store("1", HEADER, { bytes: await pngImage(1200, 1200) });
      assert.deepEqual(await size((await served(square.url)).bytes), ["png", 866, 866]);
      const small = await store("1", HEADER, { bytes: await pngImage(300, 100) });
      assert.deepEqual(await size((await served(small.url)).bytes), ["png", 300, 100]);
      assert.notEqual(wide.url, square.url, "every upload gets a fresh name");
    });

    it("strips EXIF and GPS from a JPEG avatar and turns it upright", async () => {
      const stored = await store("2", AVATAR, { bytes: await jpegWithExif(400, 200) });
      assert.match(stored.url, /\.jpg$/);
      const file = await served(stored.url);
      assert.equal(file.type, "image/jpeg");
      const meta = await sharp(file.bytes).metadata();
      assert.deepEqual([meta.format, meta.width, meta.height, meta.exif], ["jpeg", 400, 400, undefined]);
      assert.ok(!file.bytes.toString("latin1").includes("secret-owner"));
      // Turned upright, the red half is on top.
      const { data, info } = await sharp(file.bytes).raw().toBuffer({ resolveWithObject: true });
      assert.ok(data[(5 * info.width + 200) * info.channels]! > 150 && data[(395 * info.width + 200) * info.channels]! < 100, "red on top");
    });

    it("keeps an animated GIF avatar animated at 400x400 and adds a still PNG of its first frame", async () => {
      const stored = await store("3", AVATAR, { bytes: await animatedGif(), fileName: "wave.gif" });
      assert.match(stored.url, /\/accounts\/avatars\/003\/original\/(\d+)\.gif$/);
      assert.match(stored.staticUrl, /\/accounts\/avatars\/003\/static\/\d+\.png$/);
      const animated = await served(stored.url);
      assert.equal(animated.type, "image/gif");
      const meta = await sharp(animated.bytes, { animated: true }).metadata();
      assert.deepEqual([meta.format, meta.width, meta.pageHeight], ["gif", 400, 400]);
      assert.ok((meta.pages ?? 1) > 1, "still animated");
      const still = await served(stored.staticUrl);
      assert.equal(still.type, "image/png");
      assert.deepEqual(await sharp(still.bytes).metadata().then((m) => [m.format, m.width, m.height, m.pages ?? 1]), ["png", 400, 400, 1]);
    });

    it("refuses a text file named .png, an empty file, a missing file, a video and images over 2 MB, storing nothing", async () => {
      const before = await storedFiles(h);
      const refusals: Array<[ProfileImagePurpose, PartInput | undefined, RegExp]> = [
        [AVATAR, { bytes: Buffer.from("not an image, honestly\n".repeat(10)), fileName: "cat.png", contentType: "image/png" }, /Avatar content type is invalid/],
        [HEADER, { bytes: Buffer.alloc(0), fileName: "empty.png" }, /Header can't be blank/],
        [HEADER, { bytes: await silentVideo(), fileName: "clip.webm" }, /Header content type is invalid/],
        [AVATAR, undefined, /Avatar can't be blank/],
        [AVATAR, { bytes: Buffer.concat([await pngImage(10, 10), Buffer.alloc(2 * 1024 * 1024)]) }, /file size must be less than 2 MB/],
        [ProfileImagePurpose.PROFILE_IMAGE_PURPOSE_UNSPECIFIED, { bytes: await pngImage(10, 10) }, /purpose/],
      ];
      for (const [purpose, file, message] of refusals) assert.match(await rejectsWith(store("4", purpose, file), GrpcStatus.INVALID_ARGUMENT), message);
      // A real image over the limit (noise does not compress), refused by size after its type is known.
      const noise = await sharp(Buffer.from(Array.from({ length: 1000 * 800 * 3 }, () => Math.floor(Math.random() * 256))), { raw: { width: 1000, height: 800, channels: 3 } }).png().toBuffer();
      assert.ok(noise.length > 2 * 1024 * 1024);
      assert.match(await rejectsWith(store("4", HEADER, { bytes: noise }), GrpcStatus.INVALID_ARGUMENT), /2 MB/);
      assert.deepEqual(await storedFiles(h), before);
      assert.deepEqual(await scratchFiles(h), []);
    });

    it("needs a signed-in viewer", async () => {
      const call = h.client.storeProfileImage({});
      await call.write({ options: { purpose: AVATAR } });
      await call.write({ part: { kind: MediaPartKind.MEDIA_PART_KIND_FILE, fileName: "", contentType: "" } });
      await call.write({ chunk: await pngImage(10, 10) });
      await rejectsWith(call.end(), GrpcStatus.UNAUTHENTICATED);
    });

    it("is never taken for an orphan upload by the cleanup", async () => {
      const stored = await store("5", AVATAR, { bytes: await pngImage(50, 50) });
      assert.equal(await rowCount(h), 0, "profile images are not media attachments");
      h.clock.now = new Date(Date.now() + 30 * 24 * 3600_000);
      await cleanUpOrphans(h.deps, 1);
      await served(stored.url);
    });
  });
}
