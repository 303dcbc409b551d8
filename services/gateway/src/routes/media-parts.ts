import { z } from "zod";
import { MediaPartKind, type UploadPart as ProtoUploadPart } from "@starling/proto/media/v1/media";
import { HttpError } from "../http/grpc-to-http.ts";
import { parseField, type UploadParts } from "../http/multipart-upload.ts";

/** The media service's chunk size: one gRPC message per 64 KiB of file. */
const CHUNK_BYTES = 64 * 1024;

const FOCUS = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/;

/** The text fields of media uploads and edits (reference §1.12), checked as each one arrives. */
export const mediaFields = {
  description: z.string().max(1500, "must be at most 1500 characters"),
  focus: z.string().refine((value) => {
    const match = FOCUS.exec(value);
    return match !== null && [match[1], match[2]].every((n) => Math.abs(Number(n)) <= 1);
  }, 'must be "x,y" with each between -1.0 and 1.0'),
};

/** The multipart file fields a media request may carry, and which part of the gRPC stream each becomes. */
export const MEDIA_FILE_FIELDS: Record<string, MediaPartKind> = {
  file: MediaPartKind.MEDIA_PART_KIND_FILE,
  thumbnail: MediaPartKind.MEDIA_PART_KIND_THUMBNAIL,
};

/** The editable values a request carried, as the media service's options messages hold them. */
export interface MediaEdits {
  description?: string;
  focus?: string;
}

/** Where the parts go: an open UploadMedia or UpdateMedia stream. */
export interface MediaPartsSink<Options> {
  write(message: { options?: Options; part?: ProtoUploadPart; chunk?: Buffer }): Promise<void>;
}

/**
 * Forwards a request's parts to the media service while they arrive: each text field becomes an
 * options message (fields may come after the file, which the stream allows), each file a part
 * header followed by its bytes in 64 KiB chunks. Nothing is held beyond one chunk; backpressure
 * from the gRPC stream slows the reading of the request. Returns the file fields that were sent.
 */
export async function forwardMediaParts<Options>(parts: UploadParts, sink: MediaPartsSink<Options>, options: (edits: MediaEdits) => Options): Promise<Set<string>> {
  const sent = new Set<string>();
  for await (const part of parts) {
    if (part.kind === "field") {
      const value = parseField(mediaFields, part.name, part.value);
      if (value !== undefined) await sink.write({ options: options({ [part.name]: value }) });
      continue;
    }
    const kind = Object.hasOwn(MEDIA_FILE_FIELDS, part.name) ? MEDIA_FILE_FIELDS[part.name] : undefined;
    if (kind === undefined) continue; // an unknown file field is skipped (drained), as Rails ignores unpermitted params
    if (sent.has(part.name)) throw new HttpError(422, `Validation failed: ${part.name} was sent twice`);
    sent.add(part.name);
    await sink.write({ part: { kind, fileName: part.fileName, contentType: part.mimeType } });
    await forwardChunks(part.stream, sink);
  }
  return sent;
}

/** Sends a file's bytes as they are read, in 64 KiB chunk messages, waiting on the stream's backpressure. */
export async function forwardChunks(stream: AsyncIterable<Buffer>, sink: { write(message: { chunk: Buffer }): Promise<void> }): Promise<void> {
  for await (const data of stream) {
    for (let offset = 0; offset < data.length; offset += CHUNK_BYTES) await sink.write({ chunk: data.subarray(offset, offset + CHUNK_BYTES) });
  }
}
