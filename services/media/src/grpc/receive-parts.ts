import { createWriteStream, type WriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { once } from "node:events";
import { randomUUID } from "node:crypto";
import { invalidArgument } from "@starling/runtime";
import { MediaPartKind, type UploadPart } from "@starling/proto/media/v1/media";
import { formatLimit } from "../domain/media-rules.ts";
import type { ReceivedFile } from "../use-cases/store-thumbnail.ts";

/** One message of an upload stream: options of some kind, a part header, or a chunk of the current part. */
interface StreamItem<O> {
  options?: O | undefined;
  part?: UploadPart | undefined;
  chunk?: Buffer | undefined;
}

/** The file parts of a stream, written to disk as they arrived. */
export interface ReceivedParts<O> {
  options: O[];
  file: ReceivedFile | undefined;
  thumbnail: ReceivedFile | undefined;
  /** Removes the files that were not taken over by storage. */
  discard(): Promise<void>;
}

/** Byte caps per part while receiving; the type-specific limit is checked once the content is known. */
export interface PartLimits {
  file: number;
  thumbnail: number;
  /** Which part kinds the RPC accepts. */
  kinds: MediaPartKind[];
}

/**
 * Reads an upload stream chunk by chunk into files under `dir`, so no upload is ever whole in memory.
 * Stops with INVALID_ARGUMENT as soon as a part passes its cap. On failure nothing is left behind.
 */
export async function receiveParts<O>(stream: AsyncIterable<StreamItem<O>>, dir: string, limits: PartLimits): Promise<ReceivedParts<O>> {
  await mkdir(dir, { recursive: true });
  const files: string[] = [];
  const received: ReceivedParts<O> = { options: [], file: undefined, thumbnail: undefined, discard: () => Promise.all(files.map((f) => rm(f, { force: true }))).then(() => {}) };
  let current: { file: ReceivedFile; out: WriteStream; cap: number; name: string } | undefined;
  const close = async () => {
    if (!current) return;
    current.out.end();
    await once(current.out, "close");
    current = undefined;
  };
  try {
    for await (const item of stream) {
      if (item.options) received.options.push(item.options);
      else if (item.part) {
        await close();
        const kind = item.part.kind;
        if (!limits.kinds.includes(kind)) throw invalidArgument("unexpected upload part");
        const slot = kind === MediaPartKind.MEDIA_PART_KIND_FILE ? "file" : "thumbnail";
        if (received[slot]) throw invalidArgument(`only one ${slot} may be uploaded`);
        const path = join(dir, `part-${randomUUID()}`);
        files.push(path);
        const out = createWriteStream(path);
        received[slot] = { path, size: 0 };
        current = { file: received[slot], out, cap: slot === "file" ? limits.file : limits.thumbnail, name: slot === "file" ? "File" : "Thumbnail" };
      } else if (item.chunk) {
        if (!current) throw invalidArgument("a chunk arrived before its part header");
        current.file.size += item.chunk.length;
        if (current.file.size > current.cap) throw invalidArgument(`Validation failed: ${current.name} file size must be less than ${formatLimit(current.cap)}`);
        if (!current.out.write(item.chunk)) await once(current.out, "drain");
      }
    }
    await close();
    return received;
  } catch (error) {
    if (current && !current.out.closed) {
      // Wait for the close: a write stream destroyed before its open finished still creates the file.
      // A write still in flight then fails with ERR_STREAM_DESTROYED; the caller must hear the
      // original error, so that one is swallowed (once() would reject with it).
      const out = current.out;
      const closed = new Promise<void>((resolve) => out.once("close", () => resolve()));
      out.on("error", () => {});
      out.destroy();
      await closed;
    }
    await received.discard();
    throw error;
  }
}
