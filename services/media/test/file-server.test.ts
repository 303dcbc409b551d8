import assert from "node:assert/strict";
import { backends, startMediaHarness, type MediaHarness } from "./harness.ts";
import { pngImage } from "./fixtures.ts";
import { fetchStored } from "./support.ts";

const backend = backends[0]!;

describe("the media file server", function () {
  this.timeout(60_000);
  let h: MediaHarness;
  before(async () => (h = await startMediaHarness(backend, { workers: false })));
  after(() => h?.stop());

  it("answers byte ranges, so video players can seek, and HEAD without a body", async () => {
    const media = await h.upload("701", { waitForProcessing: true }, { bytes: await pngImage(64, 64) });
    const whole = Buffer.from(await (await fetchStored(h, media.url!)).arrayBuffer());
    const part = await fetchStored(h, media.url!, { headers: { range: "bytes=2-9" } });
    assert.equal(part.status, 206);
    assert.equal(part.headers.get("content-range"), `bytes 2-9/${whole.length}`);
    assert.deepEqual(Buffer.from(await part.arrayBuffer()), whole.subarray(2, 10));
    const tail = await fetchStored(h, media.url!, { headers: { range: "bytes=-4" } });
    assert.deepEqual(Buffer.from(await tail.arrayBuffer()), whole.subarray(whole.length - 4));
    assert.equal((await fetchStored(h, media.url!, { headers: { range: `bytes=${whole.length}-` } })).status, 416);
    const head = await fetchStored(h, media.url!, { method: "HEAD" });
    assert.equal(head.status, 200);
    assert.equal(head.headers.get("content-length"), String(whole.length));
  });

  it("answers 404 JSON for unknown files, private uploads and path tricks, and 405 for writes", async () => {
    const pending = await h.upload("702", { waitForProcessing: false }, { bytes: await pngImage(8, 8) });
    for (const path of [
      "/system/media_attachments/files/000/001/original/1.png",
      `/system/uploads/${pending.id}`,
      "/system/media_attachments/../uploads/x.png",
      "/system/media_attachments/%2e%2e/%2e%2e/etc/passwd.png",
      "/system/media_attachments/files/..%2F..%2Fuploads%2Fx.png",
      "/other/media_attachments/files/x.png",
      "/system/media_attachments/files/x.exe",
    ]) {
      const response = await fetch(`${h.filesUrl.replace(/\/system$/, "")}${path}`);
      assert.equal(response.status, 404, path);
      assert.deepEqual(await response.json(), { error: "Record not found" });
    }
    assert.equal((await fetch(`${h.filesUrl}/media_attachments/x.png`, { method: "PUT", body: "x" })).status, 405);
  });
});
