import type { Readable } from "node:stream";
import busboy from "busboy";
import type { Request } from "express";
import type { z } from "zod";
import { HttpError } from "./grpc-to-http.ts";
import { malformedText } from "./text-input.ts";

/** One part of an upload request, in body order. A file's bytes arrive on `stream` as they are read. */
export type UploadPart =
  | { kind: "field"; name: string; value: string }
  | { kind: "file"; name: string; fileName: string; mimeType: string; stream: Readable };

/** What an upload route accepts; anything beyond is refused while the body is still streaming. */
export interface UploadLimits {
  /** Largest single file in bytes; the file stream fails with a 422 HttpError the moment it is passed. */
  fileBytes: number;
  /** Most file parts. */
  files: number;
  /** Most text fields, and the largest one in bytes. */
  fields: number;
  fieldBytes: number;
}

/** The parts of one upload request: iterate once; `abort` stops reading the body (called by bindRoute). */
export interface UploadParts extends AsyncIterable<UploadPart> {
  abort(): void;
  /**
   * The body as its parser read it, when it was JSON or a form rather than multipart: nested
   * values stay nested here, where the field parts carry them as JSON text.
   */
  body?: Record<string, unknown>;
}

type Pending = { resolve: (r: IteratorResult<UploadPart>) => void; reject: (e: unknown) => void };

/**
 * Streams a request's parts to the route instead of buffering them. A multipart body goes through
 * busboy with `limits`: a file that grows past `fileBytes` errors its stream at once. Any other
 * body (JSON, form) was parsed already and is handed over as field parts, so a route reads its
 * parameters the same way whatever the client's encoding.
 */
export function uploadParts(req: Request, limits: UploadLimits): UploadParts {
  if (!req.is("multipart/form-data")) return bodyFields(req.body);
  const queue: UploadPart[] = [];
  const waiting: Pending[] = [];
  let done = false;
  let failure: unknown;
  let current: Readable | undefined;
  const settle = () => {
    while (waiting.length && (queue.length || done || failure)) {
      const next = waiting.shift()!;
      if (queue.length) next.resolve({ value: queue.shift()!, done: false });
      else if (failure) next.reject(failure);
      else next.resolve({ value: undefined, done: true });
    }
  };
  const fail = (error: unknown) => {
    failure ??= error;
    current?.destroy(error as Error);
    settle();
  };
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: req.headers, limits: { fileSize: limits.fileBytes, files: limits.files, fields: limits.fields, fieldSize: limits.fieldBytes } });
  } catch {
    throw new HttpError(400, "Malformed multipart body");
  }
  parser.on("field", (name, value, info) => {
    if (!name) return; // a nameless part names no parameter: skipped, as Rack does
    if (info.valueTruncated) return fail(new HttpError(422, `Validation failed: ${name} is too long`));
    const problem = malformedText({ [name]: value });
    if (problem) return fail(new HttpError(422, `Validation failed: ${problem}`));
    queue.push({ kind: "field", name, value });
    settle();
  });
  parser.on("file", (name, stream, info) => {
    current = stream;
    // A failure later in the body destroys this stream with the error; its reader (if any) hears it
    // through its own listener, and an unheard error must not bring the whole process down.
    stream.on("error", () => undefined);
    const problem = malformedText({ [name]: info.filename ?? "" });
    if (problem) return fail(new HttpError(422, `Validation failed: ${problem}`));
    // Past the limit busboy would silently truncate; fail the stream so the reader stops and the client hears 422 now.
    stream.on("limit", () => fail(new HttpError(422, `Validation failed: ${name} must be smaller than ${limits.fileBytes} bytes`)));
    queue.push({ kind: "file", name, fileName: info.filename ?? "", mimeType: info.mimeType, stream });
    settle();
  });
  parser.on("filesLimit", () => fail(new HttpError(422, "Validation failed: too many files")));
  parser.on("fieldsLimit", () => fail(new HttpError(422, "Validation failed: too many fields")));
  parser.on("error", () => fail(new HttpError(400, "Malformed multipart body")));
  parser.on("close", () => {
    done = true;
    settle();
  });
  req.pipe(parser);
  let previous: Readable | undefined;
  return {
    [Symbol.asyncIterator]: () => ({
      next: () => {
        // A file the route did not read to the end is skipped, or busboy would wait on it forever.
        if (previous && !previous.readableEnded) previous.resume();
        return new Promise<IteratorResult<UploadPart>>((resolve, reject) => {
          waiting.push({
            resolve: (result) => {
              previous = result.value?.kind === "file" ? result.value.stream : undefined;
              resolve(result);
            },
            reject,
          });
          settle();
        });
      },
    }),
    abort() {
      if (done) return;
      fail(new HttpError(422, "Upload aborted"));
      req.unpipe(parser);
      // The rest of the body is read and dropped (never kept) so the answer reaches the client.
      req.resume();
    },
  };
}

function bodyFields(body: unknown): UploadParts {
  const entries = typeof body === "object" && body !== null ? Object.entries(body) : [];
  const parts: UploadPart[] = entries.flatMap(([name, value]) =>
    value === null || value === undefined ? [] : [{ kind: "field" as const, name, value: typeof value === "object" ? JSON.stringify(value) : String(value) }],
  );
  async function* each() {
    yield* parts;
  }
  return { [Symbol.asyncIterator]: each, abort() {}, body: Object.fromEntries(entries) };
}

/**
 * Checks one text field against the route's schema for it as soon as it arrives, so a bad value
 * stops an upload before the file is stored. Unknown fields pass through as undefined.
 */
export function parseField(shape: Record<string, z.ZodType>, name: string, value: string): unknown {
  // Own fields only: "constructor" or "__proto__" must not find Object's.
  if (!Object.hasOwn(shape, name)) return undefined;
  const schema = shape[name]!;
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new HttpError(422, `Validation failed: ${name} ${parsed.error.issues.map((i) => i.message).join(", ")}`);
  return parsed.data;
}
