import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";

/** sharp itself, for suites that read what a served file still carries. */
export { sharp };

const run = promisify(execFile);

/** A PNG of the given size in one colour. */
export const png = (width: number, height: number, background = "#3366cc") => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();

/** A JPEG carrying EXIF (an artist and a copyright) that a server must strip. */
export const jpegWithExif = () =>
  sharp({ create: { width: 80, height: 60, channels: 3, background: "#cc6633" } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Artist: "starling-e2e", Copyright: "secret location" } } })
    .toBuffer();

/**
 * A PNG signature followed by padding past `bytes`: recognised as an image by its content and
 * over the image limit, without the cost of encoding a real 10 MB picture.
 */
export async function oversizedPng(bytes: number): Promise<Buffer> {
  const head = await png(8, 8);
  return Buffer.concat([head, Buffer.alloc(bytes - head.length + 1)]);
}

/** Runs ffmpeg (Debian's /usr/bin/ffmpeg) with `args` writing `name` in a scratch folder; returns the file. */
async function ffmpeg(name: string, args: string[]): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), "starling-e2e-ffmpeg-"));
  try {
    const out = join(dir, name);
    await run("/usr/bin/ffmpeg", ["-hide_banner", "-loglevel", "error", ...args, out], { timeout: 60_000 });
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One second of H.264 test pattern with a tone, 160x120 at 10 fps. */
export const shortVideo = () =>
  ffmpeg("clip.mp4", ["-f", "lavfi", "-i", "testsrc=duration=1:size=160x120:rate=10", "-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest"]);

/** One second of a 440 Hz tone as WAV. */
export const shortAudio = () => ffmpeg("tone.wav", ["-f", "lavfi", "-i", "sine=frequency=440:duration=1"]);

/** Half a second of test pattern as an animated GIF, 120x90 at 10 fps (five frames). */
export const animatedGif = () => ffmpeg("anim.gif", ["-f", "lavfi", "-i", "testsrc=duration=0.5:size=120x90:rate=10"]);
