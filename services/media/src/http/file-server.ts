import type { IncomingMessage, ServerResponse } from "node:http";
import { extname } from "node:path";
import { pipeline } from "node:stream/promises";
import { isPublicKey } from "../domain/storage-keys.ts";
import { isSafeKey } from "../storage/local-disk-storage.ts";
import type { ByteRange, MediaStorage } from "../storage/media-storage.ts";

const CONTENT_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".mp4": "video/mp4",
  ".mp3": "audio/mpeg",
};

const sendJson = (res: ServerResponse, status: number, body: object) => {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
};

/** "bytes=a-b" / "bytes=a-" / "bytes=-n" against `size`; undefined for anything else (then the whole file is sent). */
export function parseRange(header: string | undefined, size: number): ByteRange | "unsatisfiable" | undefined {
  const match = header && /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return undefined;
  const start = match[1] === "" ? Math.max(0, size - Number(match[2])) : Number(match[1]);
  const end = match[1] === "" || match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start > end || start >= size ? "unsatisfiable" : { start, end };
}

/**
 * Serves public stored files under `pathPrefix` (the path of MEDIA_BASE_URL, e.g. /system). Names
 * never change content (a new thumbnail gets a new name), so caches may keep them for a year.
 * Account images are served the same way. Private keys (raw uploads), odd paths and traversal attempts are 404.
 */
export function fileServer(storage: MediaStorage, pathPrefix: string) {
  const prefix = `${pathPrefix.replace(/\/+$/, "")}/`;
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method !== "GET" && req.method !== "HEAD") return sendJson(res, 405, { error: "Method not allowed" });
    const path = (req.url ?? "").split("?")[0]!;
    let key: string;
    try {
      key = decodeURIComponent(path.slice(prefix.length));
    } catch {
      key = "";
    }
    const contentType = CONTENT_TYPES[extname(key)];
    if (!path.startsWith(prefix) || !isPublicKey(key) || !isSafeKey(key) || !contentType) return sendJson(res, 404, { error: "Record not found" });
    const whole = await storage.open(key);
    if (!whole) return sendJson(res, 404, { error: "Record not found" });
    const range = parseRange(req.headers.range, whole.size);
    const headers = { "content-type": contentType, "cache-control": "public, max-age=31536000, immutable", "accept-ranges": "bytes", "x-content-type-options": "nosniff" };
    if (range === "unsatisfiable") {
      whole.stream.destroy();
      res.writeHead(416, { ...headers, "content-range": `bytes */${whole.size}` });
      return void res.end();
    }
    if (req.method === "HEAD" || range) whole.stream.destroy();
    const body = range ? await storage.open(key, range) : whole;
    if (!body) return sendJson(res, 404, { error: "Record not found" });
    const length = range ? range.end - range.start + 1 : whole.size;
    res.writeHead(range ? 206 : 200, { ...headers, "content-length": length, ...(range && { "content-range": `bytes ${range.start}-${range.end}/${whole.size}` }) });
    if (req.method === "HEAD") {
      body.stream.destroy();
      return void res.end();
    }
    await pipeline(body.stream, res).catch(() => res.destroy());
  };
}
