import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import type { RemoteMediaItem } from "@starling/proto/media/v1/media";
import { cleanUpOrphans } from "../src/use-cases/clean-up-orphans.ts";
import { backends, startMediaHarness, type MediaHarness } from "./harness.ts";
import { rejectsWith, rowCount, storedFiles } from "./support.ts";

// A 4x3-component blurhash as Mastodon sends them.
const BLURHASH = "LEHV6nWB2yk8pyo0adR*.7kCMdnj";

const item = (remoteUrl: string, extra: Partial<RemoteMediaItem> = {}): RemoteMediaItem => ({
  remoteUrl,
  mediaType: "image/png",
  ...extra,
});

for (const backend of backends) {
  describe(`remote media (${backend.name})`, function () {
    this.timeout(60_000);
    let h: MediaHarness;
    before(async () => (h = await startMediaHarness(backend, { workers: false })));
    after(() => h?.stop());

    it("registers remote attachments in order and shows them from the remote server without storing files", async () => {
      const { media } = await h.client.registerRemoteMedia({
        accountId: "701",
        items: [
          item("https://remote.example/files/cat.png", { description: "  A cat on a mat  ", blurhash: BLURHASH, width: 1200, height: 800, focus: { x: 0.25, y: -0.5 } }),
          item("https://remote.example/files/clip.mp4", { mediaType: "video/mp4", previewRemoteUrl: "https://remote.example/files/clip-preview.jpg" }),
          item("https://remote.example/files/song.mp3", { mediaType: "audio/mpeg" }),
          item("https://remote.example/files/notes.pdf", { mediaType: "application/pdf" }),
        ],
      });
      assert.deepEqual(media.map((m) => m.type), ["image", "video", "audio", "unknown"]);
      const read = await h.client.getMedia({ ids: media.map((m) => m.id) });
      const [image, video, audio, other] = read.media;
      const [bare] = (await h.client.registerRemoteMedia({ accountId: "701", items: [{ remoteUrl: "https://remote.example/files/bare" }] })).media;
      assert.deepEqual([bare?.type, bare?.description, bare?.blurhash, bare?.previewRemoteUrl], ["unknown", undefined, undefined, undefined], "a Document with only its URL");
      assert.equal(image?.url, "https://remote.example/files/cat.png");
      assert.equal(image?.remoteUrl, "https://remote.example/files/cat.png");
      assert.equal(image?.previewUrl, "https://remote.example/files/cat.png", "an image is its own preview");
      assert.equal(image?.description, "A cat on a mat");
      assert.equal(image?.blurhash, BLURHASH);
      assert.equal(image?.processing, "done");
      assert.equal(image?.accountId, "701");
      assert.deepEqual(image?.meta?.original, { width: 1200, height: 800, size: "1200x800", aspect: 1.5, frameRate: undefined, duration: undefined, bitrate: undefined });
      assert.deepEqual(image?.meta?.focus, { x: 0.25, y: -0.5 });
      assert.equal(video?.url, "https://remote.example/files/clip.mp4");
      assert.equal(video?.previewUrl, "https://remote.example/files/clip-preview.jpg");
      assert.equal(video?.previewRemoteUrl, "https://remote.example/files/clip-preview.jpg");
      assert.equal(audio?.previewUrl, undefined, "audio without a preview has none");
      assert.equal(audio?.meta?.original, undefined, "no size was sent");
      assert.equal(other?.url, "https://remote.example/files/notes.pdf");
      assert.deepEqual(await storedFiles(h), []);
    });

    it("registers a remote URL once per account, updating what the remote server changed", async () => {
      const url = "https://remote.example/files/same.jpg";
      const first = (await h.client.registerRemoteMedia({ accountId: "702", items: [item(url, { description: "first" })] })).media[0]!;
      const again = (await h.client.registerRemoteMedia({ accountId: "702", items: [item(url, { description: "edited", focus: { x: 1, y: 1 } }), item(url)] })).media;
      assert.deepEqual(again.map((m) => m.id), [first.id], "the same URL twice in a request is one attachment");
      assert.equal(again[0]?.description, "edited");
      assert.deepEqual((await h.client.getMedia({ ids: [first.id] })).media[0]?.meta?.focus, { x: 1, y: 1 });
      const other = (await h.client.registerRemoteMedia({ accountId: "703", items: [item(url)] })).media[0]!;
      assert.notEqual(other.id, first.id, "another account's attachment is its own");
    });

    it("drops what the sender got wrong and keeps the attachment", async () => {
      const [media] = (
        await h.client.registerRemoteMedia({
          accountId: "704",
          items: [item("https://remote.example/files/odd.png", { blurhash: "not a blurhash!", focus: { x: 2, y: 0 }, width: -5, height: 10, previewRemoteUrl: "javascript:alert(1)", description: "x".repeat(1600) })],
        })
      ).media;
      assert.equal(media?.blurhash, undefined);
      assert.equal(media?.meta?.focus, undefined);
      assert.equal(media?.meta?.original, undefined);
      assert.equal(media?.previewRemoteUrl, undefined);
      assert.equal(media?.description?.length, 1500);
    });

    it("refuses URLs that are not http(s), more than four attachments and a bad account id, storing none", async () => {
      const before = await rowCount(h);
      await rejectsWith(h.client.registerRemoteMedia({ accountId: "705", items: [item("https://remote.example/a.png"), item("file:///etc/passwd")] }), GrpcStatus.INVALID_ARGUMENT);
      const five = [1, 2, 3, 4, 5].map((n) => item(`https://remote.example/${n}.png`));
      await rejectsWith(h.client.registerRemoteMedia({ accountId: "705", items: five }), GrpcStatus.INVALID_ARGUMENT);
      await rejectsWith(h.client.registerRemoteMedia({ accountId: "someone", items: [item("https://remote.example/b.png")] }), GrpcStatus.INVALID_ARGUMENT);
      assert.equal(await rowCount(h), before);
      assert.deepEqual((await h.client.registerRemoteMedia({ accountId: "705", items: [] })).media, []);
    });

    it("keeps remote attachments out of the orphan cleanup", async () => {
      const [media] = (await h.client.registerRemoteMedia({ accountId: "706", items: [item("https://remote.example/files/kept.png")] })).media;
      h.clock.now = new Date(Date.now() + 3 * 24 * 3600_000);
      try {
        await cleanUpOrphans(h.deps, 24 * 3600_000);
      } finally {
        h.clock.now = new Date();
      }
      assert.equal((await h.client.getMedia({ ids: [media!.id] })).media.length, 1);
    });
  });
}
