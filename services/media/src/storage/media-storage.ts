import type { Readable } from "node:stream";

/** A stored object opened for reading. */
export interface StoredObject {
  stream: Readable;
  /** Size of the whole object, whatever range was asked for. */
  size: number;
}

/** Inclusive byte offsets, as HTTP Range uses them. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where media files live. Keys are relative paths like `media_attachments/files/…/original/1.png`;
 * adapters refuse keys that would escape their root. Local disk is the default adapter; an
 * object-storage adapter implements the same port.
 */
export interface MediaStorage {
  /** Stores the local file at `key`, taking it over (the local file is gone afterwards). */
  put(key: string, localPath: string): Promise<void>;
  /** Copies the object at `key` to a local file, for processing with tools that need a path. */
  copyToFile(key: string, localPath: string): Promise<void>;
  /** Opens the object at `key`, or the inclusive byte range of it; undefined when there is none. */
  open(key: string, range?: ByteRange): Promise<StoredObject | undefined>;
  /** Whether an object exists at `key`. */
  exists(key: string): Promise<boolean>;
  /** Deletes the objects; missing ones are fine. */
  delete(keys: string[]): Promise<void>;
}
