import type { MediaTools } from "./media-tools.ts";
import { ProcessingError, runTool } from "./run-tool.ts";

/** What ffprobe tells about a video or audio file. */
export interface Probe {
  video?: { codec: string; width: number; height: number; frameRate: string; fps: number };
  audio?: { codec: string };
  /** Seconds; 0 when unknown. */
  duration: number;
  /** Bits per second; 0 when unknown. */
  bitrate: number;
}

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  disposition?: { attached_pic?: number };
}

/** "30000/1001" → 29.97; 0 for "0/0" and garbage. */
export function rateToNumber(rate: string | undefined): number {
  const [num, den] = (rate ?? "").split("/").map(Number);
  return num && den ? num / den : 0;
}

/** Probes a file with ffprobe; a file ffprobe cannot read is a ProcessingError. */
export async function probe(path: string, tools: MediaTools): Promise<Probe> {
  const json = await runTool(tools.ffprobe, ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", "--", path], tools.timeoutMs);
  const parsed = JSON.parse(json) as { streams?: FfprobeStream[]; format?: { duration?: string; bit_rate?: string } };
  const streams = parsed.streams ?? [];
  // Cover art in audio files is a "video" stream flagged attached_pic; it does not make the file a video.
  const video = streams.find((s) => s.codec_type === "video" && !s.disposition?.attached_pic);
  const audio = streams.find((s) => s.codec_type === "audio");
  if (!video && !audio) throw new ProcessingError("no audio or video stream");
  const frameRate = video?.avg_frame_rate && video.avg_frame_rate !== "0/0" ? video.avg_frame_rate : (video?.r_frame_rate ?? "0/0");
  return {
    ...(video && { video: { codec: video.codec_name ?? "", width: video.width ?? 0, height: video.height ?? 0, frameRate, fps: rateToNumber(frameRate) } }),
    ...(audio && { audio: { codec: audio.codec_name ?? "" } }),
    duration: Number(parsed.format?.duration ?? 0) || 0,
    bitrate: Number(parsed.format?.bit_rate ?? 0) || 0,
  };
}
