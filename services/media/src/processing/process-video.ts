import { join } from "node:path";
import { dimensionsMeta } from "../domain/media-attachment.ts";
import { PREVIEW_PIXELS } from "../domain/media-rules.ts";
import { probe } from "./probe.ts";
import type { ProcessedMedia, ProcessOptions } from "./processed-media.ts";
import { blurhashOf, renderStill } from "./render-still.ts";
import { runTool } from "./run-tool.ts";

/**
 * A video (or an animated GIF, or a silent video: gifv) becomes H.264/AAC MP4 that every browser plays:
 * yuv420p, even dimensions, the moov atom first so playback starts before the download ends, container
 * metadata dropped, and no audio for gifv. The first frame of the result is the preview.
 */
export async function processVideo(input: string, gifv: boolean, options: ProcessOptions): Promise<ProcessedMedia> {
  const original = { path: join(options.workDir, `${options.stem}-original.mp4`), extension: "mp4" };
  const frame = join(options.workDir, `${options.stem}-frame.png`);
  const small = { path: join(options.workDir, `${options.stem}-small.jpg`), extension: "jpg" };
  const audio = gifv ? ["-an"] : ["-map", "0:a:0?", "-c:a", "aac", "-b:a", "160k"];
  const video = ["-map", "0:v:0", "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-maxrate", "1300k", "-bufsize", "2600k", "-pix_fmt", "yuv420p"];
  const { tools } = options;
  await runTool(
    tools.ffmpeg,
    ["-nostdin", "-v", "error", "-y", "-i", input, ...video, "-vf", "scale=trunc(iw/2)*2:trunc(ih/2)*2", ...audio, "-map_metadata", "-1", "-movflags", "+faststart", "-f", "mp4", original.path],
    tools.timeoutMs,
  );
  await runTool(tools.ffmpeg, ["-nostdin", "-v", "error", "-y", "-i", original.path, "-frames:v", "1", "-f", "image2", "-c:v", "png", frame], tools.timeoutMs);
  const result = await probe(original.path, tools);
  const { width = 0, height = 0, frameRate = "0/1" } = result.video ?? {};
  const smallMeta = await renderStill(frame, small.path, PREVIEW_PIXELS, "jpeg");
  return {
    original,
    small,
    meta: { original: { ...dimensionsMeta(width, height), frameRate, duration: result.duration, bitrate: result.bitrate }, small: smallMeta },
    blurhash: await blurhashOf(small.path),
  };
}

/** Audio becomes MP3 without its tags (they can carry names and places); no preview of its own. */
export async function processAudio(input: string, options: ProcessOptions): Promise<ProcessedMedia> {
  const original = { path: join(options.workDir, `${options.stem}-original.mp3`), extension: "mp3" };
  await runTool(
    options.tools.ffmpeg,
    ["-nostdin", "-v", "error", "-y", "-i", input, "-vn", "-map", "0:a:0", "-c:a", "libmp3lame", "-q:a", "2", "-map_metadata", "-1", "-f", "mp3", original.path],
    options.tools.timeoutMs,
  );
  const result = await probe(original.path, options.tools);
  return { original, small: null, meta: { original: { duration: result.duration, bitrate: result.bitrate } }, blurhash: null };
}
