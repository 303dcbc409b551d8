import assert from "node:assert/strict";
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { backends, startMediaHarness, type MediaHarness } from "./harness.ts";
import { animatedGif, pngImage, videoWithSound, wavAudio } from "./fixtures.ts";
import { rejectsWith, rowCount, scratchFiles, storedFiles } from "./support.ts";

/** The media service's /readyz answer. */
async function readyz(h: MediaHarness): Promise<{ status: number; body: { ready: boolean; checks: Record<string, string>; warnings?: string[] } }> {
  const res = await fetch(`${h.adminUrl}/readyz`);
  return { status: res.status, body: (await res.json()) as { ready: boolean; checks: Record<string, string>; warnings?: string[] } };
}

// FFMPEG_PATH and FFPROBE_PATH point into an empty folder: the server lacks both tools until the test
// puts them there. The database plays no part, so the embedded one alone.
describe("media service without ffmpeg and ffprobe", function () {
  this.timeout(120_000);
  let h: MediaHarness;
  let tools: string;
  before(async () => {
    tools = await mkdtemp(join(tmpdir(), "starling-media-tools-"));
    h = await startMediaHarness(backends[0]!, { env: { FFMPEG_PATH: join(tools, "ffmpeg"), FFPROBE_PATH: join(tools, "ffprobe") } });
  });
  after(async () => {
    await h?.stop();
    await rm(tools, { recursive: true, force: true });
  });

  /** Puts a tool in the folder: a script that runs the machine's own. */
  const install = async (name: string) => {
    await writeFile(join(tools, name), `#!/bin/sh\nexec ${name} "$@"\n`);
    await chmod(join(tools, name), 0o755);
  };

  it("refuses audio and video uploads with FAILED_PRECONDITION naming both tools, on v1 and v2, leaving nothing behind", async () => {
    for (const waitForProcessing of [true, false]) {
      const audio = await rejectsWith(h.upload("401", { waitForProcessing }, { bytes: await wavAudio(), fileName: "tone.wav" }), GrpcStatus.FAILED_PRECONDITION);
      assert.equal(audio, "Audio and video uploads cannot be processed: this server lacks ffmpeg and ffprobe");
      const video = await rejectsWith(h.upload("401", { waitForProcessing }, { bytes: await videoWithSound(), fileName: "clip.mov" }), GrpcStatus.FAILED_PRECONDITION);
      assert.match(video, /lacks ffmpeg and ffprobe$/);
    }
    assert.equal(await rowCount(h), 0);
    assert.deepEqual(await storedFiles(h), []);
    assert.deepEqual(await scratchFiles(h), []);
  });

  it("refuses an animated GIF (stored as MP4 by ffmpeg) and still takes a still image", async () => {
    const gif = await rejectsWith(h.upload("401", { waitForProcessing: true }, { bytes: await animatedGif(), fileName: "anim.gif" }), GrpcStatus.FAILED_PRECONDITION);
    assert.match(gif, /^Animated GIFs cannot be processed: this server lacks ffmpeg and ffprobe$/);
    const image = await h.upload("401", { waitForProcessing: true }, { bytes: await pngImage(64, 48), fileName: "still.png" });
    assert.equal(image.type, "image");
  });

  it("stays ready and reports the missing tools, with their paths, as a warning on /readyz", async () => {
    const { status, body } = await readyz(h);
    assert.equal(status, 200);
    assert.equal(body.ready, true);
    assert.deepEqual(body.warnings, ["ffmpeg"]);
    assert.equal(body.checks.database, "ok");
    assert.match(body.checks.ffmpeg!, new RegExp(`^ffmpeg \\(${tools}/ffmpeg\\) and ffprobe \\(${tools}/ffprobe\\) not found: audio, video and animated GIF uploads are refused`));
  });

  it("names only the tool still missing, and takes audio once both are there, without a restart", async () => {
    await install("ffmpeg");
    const details = await rejectsWith(h.upload("402", { waitForProcessing: true }, { bytes: await wavAudio(), fileName: "tone.wav" }), GrpcStatus.FAILED_PRECONDITION);
    assert.equal(details, "Audio and video uploads cannot be processed: this server lacks ffprobe");
    assert.match((await readyz(h)).body.checks.ffmpeg!, /^ffprobe \(.*\) not found/);
    await install("ffprobe");
    const audio = await h.upload("402", { waitForProcessing: true }, { bytes: await wavAudio(), fileName: "tone.wav" });
    assert.equal(audio.type, "audio");
    assert.deepEqual((await readyz(h)).body, { ready: true, checks: { database: "ok", "event bus": "ok", ffmpeg: "ok" } });
  });
});
