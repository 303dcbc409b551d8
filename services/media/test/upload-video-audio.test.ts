import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { isBlurhashValid } from "blurhash";
import { backends, startMediaHarness, type MediaHarness } from "./harness.ts";
import { animatedGif, fastVideo, pngImage, silentVideo, videoWithSound, wavAudio } from "./fixtures.ts";
import { fetchStored, rejectsWith, rowCount } from "./support.ts";

/** What ffprobe says about a served file: its streams' codecs and the video's pixel format. */
async function probeServed(h: MediaHarness, url: string): Promise<{ codecs: string[]; pixFmt?: string; format: string }> {
  const response = await fetchStored(h, url);
  assert.equal(response.status, 200);
  const path = join(await mkdtemp(join(tmpdir(), "media-probe-")), "file");
  await writeFile(path, Buffer.from(await response.arrayBuffer()));
  const { stdout } = await promisify(execFile)("ffprobe", ["-v", "error", "-print_format", "json", "-show_streams", "-show_format", path]);
  const parsed = JSON.parse(stdout) as { streams: Array<{ codec_name: string; pix_fmt?: string }>; format: { format_name: string } };
  return { codecs: parsed.streams.map((s) => s.codec_name), pixFmt: parsed.streams.find((s) => s.pix_fmt)?.pix_fmt, format: parsed.format.format_name };
}

for (const backend of backends) {
  describe(`video and audio uploads (${backend.name})`, function () {
    this.timeout(120_000);
    let h: MediaHarness;
    before(async () => (h = await startMediaHarness(backend)));
    after(() => h?.stop());

    it("transcodes a video to H.264/AAC MP4 in yuv420p with a first-frame preview, meta and blurhash", async () => {
      const media = await h.upload("201", { waitForProcessing: true }, { bytes: await videoWithSound(), fileName: "clip.mov", contentType: "video/quicktime" });
      assert.equal(media.type, "video");
      assert.match(media.url!, /\/original\/\d+\.mp4$/);
      assert.match(media.previewUrl!, /\/small\/\d+\.jpg$/);
      const original = media.meta!.original!;
      assert.deepEqual([original.width, original.height, original.frameRate], [320, 240, "25/1"]);
      assert.ok(original.duration! > 0.8 && original.duration! < 1.3, String(original.duration));
      assert.ok(Number(original.bitrate) > 0);
      assert.deepEqual([media.meta!.small!.width, media.meta!.small!.height], [320, 240]);
      assert.ok(isBlurhashValid(media.blurhash!).result);
      const served = await probeServed(h, media.url!);
      assert.deepEqual(served.codecs.sort(), ["aac", "h264"]);
      assert.equal(served.pixFmt, "yuv420p");
      assert.equal((await fetchStored(h, media.url!)).headers.get("content-type"), "video/mp4");
    });

    it("treats a video without sound as gifv and an animated GIF as gifv, both silent MP4", async () => {
      for (const bytes of [await silentVideo(), await animatedGif()]) {
        const media = await h.upload("201", { waitForProcessing: true }, { bytes });
        assert.equal(media.type, "gifv");
        assert.deepEqual((await probeServed(h, media.url!)).codecs, ["h264"]);
      }
    });

    it("turns audio into MP3 with a duration; no preview unless a thumbnail is supplied", async () => {
      const bare = await h.upload("202", { waitForProcessing: true }, { bytes: await wavAudio(), fileName: "tone.wav" });
      assert.equal(bare.type, "audio");
      assert.match(bare.url!, /\.mp3$/);
      assert.equal(bare.previewUrl, undefined);
      assert.equal(bare.blurhash, undefined);
      assert.ok(bare.meta!.original!.duration! > 0.8);
      assert.deepEqual((await probeServed(h, bare.url!)).codecs, ["mp3"]);

      const withCover = await h.upload("202", { waitForProcessing: true }, { bytes: await wavAudio() }, { bytes: await pngImage(1200, 900), fileName: "cover.png" });
      assert.match(withCover.previewUrl!, /\/thumbnails\/.+\/original\/\d+\.png$/);
      assert.ok(isBlurhashValid(withCover.blurhash!).result);
      assert.deepEqual([withCover.meta!.small!.width, withCover.meta!.small!.height], [554, 415]);
      assert.equal((await fetchStored(h, withCover.previewUrl!)).status, 200);
    });

    it("uses a supplied thumbnail as a video's preview", async () => {
      const media = await h.upload("203", { waitForProcessing: true }, { bytes: await videoWithSound() }, { bytes: await pngImage(100, 100) });
      assert.match(media.previewUrl!, /\/thumbnails\//);
      assert.deepEqual([media.meta!.small!.width, media.meta!.small!.height], [100, 100]);
    });

    it("refuses a video over 60 fps and stores nothing", async () => {
      const before = await rowCount(h);
      const details = await rejectsWith(h.upload("204", { waitForProcessing: true }, { bytes: await fastVideo() }), GrpcStatus.INVALID_ARGUMENT);
      assert.match(details, /frame rate/);
      assert.equal(await rowCount(h), before);
    });
  });
}
