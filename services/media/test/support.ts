// Checks shared by the media tests: what is stored, on disk and in the database.
import { readdir } from "node:fs/promises";
import { join, relative } from "node:path";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { MediaPartKind, type UploadPart } from "@starling/proto/media/v1/media";
import type { MediaHarness, PartInput } from "./harness.ts";

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return (await Promise.all(entries.map((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)])))).flat();
}

/** Every file under the media folder except the scratch folder, as storage keys. */
export async function storedFiles(h: MediaHarness): Promise<string[]> {
  return (await walk(h.mediaDir)).map((p) => relative(h.mediaDir, p)).filter((k) => !k.startsWith("tmp/"));
}

/** Files left in the scratch folder (uploads in flight, processing output): none once calls end. */
export async function scratchFiles(h: MediaHarness): Promise<string[]> {
  return walk(join(h.mediaDir, "tmp"));
}

/** How many rows media_attachments holds. */
export async function rowCount(h: MediaHarness): Promise<number> {
  const rows: Array<{ count: string | number }> = await h.db.table("media_attachments").count({ count: "*" });
  return Number(rows[0]!.count);
}

/** Asserts a promise rejects with a gRPC code, returning the error's details. */
export async function rejectsWith(promise: Promise<unknown>, code: GrpcStatus): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const e = error as { code?: number; details?: string };
    if (e.code !== code) throw new Error(`expected ${GrpcStatus[code]}, got ${GrpcStatus[e.code ?? 2]}: ${e.details}`);
    return e.details ?? "";
  }
  throw new Error(`expected ${GrpcStatus[code]}, but the call succeeded`);
}

/** Fetches a public URL of the service through its file server (the URL's host is the public domain). */
export function fetchStored(h: MediaHarness, url: string, init?: RequestInit): Promise<Response> {
  const path = new URL(url).pathname.replace(/^\/system/, "");
  return fetch(`${h.filesUrl}${path}`, init);
}

/** The fields of a decoded proto message that are set (optional fields decode as undefined keys). */
export function defined<T extends object>(message: T | undefined): Partial<T> | undefined {
  return message && (Object.fromEntries(Object.entries(message).filter(([, v]) => v !== undefined)) as Partial<T>);
}

/** An open client-streaming call of one of the file RPCs that take a single file part. */
interface FileCall<R> {
  write(message: { part?: UploadPart; chunk?: Buffer }): Promise<void>;
  end(): Promise<R>;
  cancel(): void;
}

/**
 * Sends one file part (its header, then 64 KiB chunks, as the gateway streams uploads) or none, and
 * answers the reply; a refused call is cancelled so the server keeps nothing of it.
 */
export async function sendFilePart<R>(call: FileCall<R>, file: PartInput | undefined): Promise<R> {
  try {
    if (file) {
      await call.write({ part: { kind: MediaPartKind.MEDIA_PART_KIND_FILE, fileName: file.fileName ?? "", contentType: file.contentType ?? "" } });
      for (let at = 0; at < file.bytes.length; at += 64 * 1024) await call.write({ chunk: file.bytes.subarray(at, at + 64 * 1024) });
    }
    return await call.end();
  } catch (error) {
    call.cancel();
    throw error;
  }
}

/** A public URL fetched through the file server, which must answer 200: its content type and bytes. */
export async function servedFile(h: MediaHarness, url: string): Promise<{ type: string | null; bytes: Buffer }> {
  const response = await fetchStored(h, url);
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return { type: response.headers.get("content-type"), bytes: Buffer.from(await response.arrayBuffer()) };
}
