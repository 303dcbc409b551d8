// Media made on the spot for tests: images with sharp, video and audio with Debian's ffmpeg.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import sharp, { type Sharp } from "sharp";

const run = promisify(execFile);

/** A width × height image, left half red and right half blue, so rotation is visible. */
function halves(width: number, height: number): Sharp {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) pixels.set(x < width / 2 ? [220, 30, 30] : [30, 30, 220], (y * width + x) * 3);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

export const pngImage = (width = 800, height = 600) => halves(width, height).png().toBuffer();

/** A JPEG stored sideways (EXIF orientation 6: rotate 90° clockwise to view) carrying a copyright and a GPS position. */
export const jpegWithExif = (width = 400, height = 200) =>
  halves(width, height)
    .jpeg()
    .withExif({
      IFD0: { Copyright: "secret-owner" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 24/1", GPSLongitudeRef: "E", GPSLongitude: "2/1 21/1 3/1" },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();

/** Runs ffmpeg with `args` writing `name` in a scratch folder, and returns the file's bytes. */
async function ffmpeg(name: string, args: string[]): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), "media-fixture-"));
  try {
    await run("ffmpeg", ["-nostdin", "-v", "error", "-y", ...args, join(dir, name)]);
    return await readFile(join(dir, name));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One second of test pattern with a tone, as QuickTime/MP4. */
export const videoWithSound = () =>
  ffmpeg("clip.mov", ["-f", "lavfi", "-i", "testsrc=duration=1:size=320x240:rate=25", "-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-c:v", "libx264", "-pix_fmt", "yuv444p", "-c:a", "aac", "-shortest"]);

/** One second of silent test pattern, as WebM. */
export const silentVideo = () => ffmpeg("clip.webm", ["-f", "lavfi", "-i", "testsrc=duration=1:size=160x120:rate=10", "-c:v", "libvpx", "-b:v", "200k"]);

/** A video over Mastodon's 60 fps limit. */
export const fastVideo = () => ffmpeg("fast.mp4", ["-f", "lavfi", "-i", "testsrc=duration=0.5:size=160x120:rate=120", "-c:v", "libx264"]);

/** One second of tone, as WAV. */
export const wavAudio = () => ffmpeg("tone.wav", ["-f", "lavfi", "-i", "sine=frequency=330:duration=1"]);

/** An animated GIF of a few frames. */
export const animatedGif = () => ffmpeg("anim.gif", ["-f", "lavfi", "-i", "testsrc=duration=0.5:size=120x90:rate=10"]);
