import type { Database } from "@starling/db";
import type { MediaTools } from "../processing/media-tools.ts";
import type { MediaStorage } from "../storage/media-storage.ts";

/** What the media use cases run with. */
export interface MediaDeps {
  db: Database;
  storage: MediaStorage;
  newId: () => string;
  now: () => Date;
  /** Wakes the outbox relay after a commit that wrote events. */
  nudgeRelay: () => void;
  /** Wakes the processing worker after a pending upload was stored. */
  nudgeWorker: () => void;
  /** Scratch folder for uploads in flight and processing output; on the storage's filesystem when it is local. */
  workDir: string;
  limits: { imageBytes: number; videoBytes: number };
  /** How remote attachments are downloaded into the cache. */
  remote: RemoteMediaSettings;
  /** ffmpeg and ffprobe, for audio, video and animated GIFs. */
  tools: MediaTools;
}

/** The caller of an RPC, as the gateway signed it. */
export interface Caller {
  accountId: string | undefined;
}

/** How remote media is fetched: size caps by type, deadline, and the private-address test override. */
export interface RemoteMediaSettings {
  imageBytes: number;
  videoBytes: number;
  timeoutMs: number;
  /** Reach loopback and private addresses too (tests on 127.0.0.1 only). */
  allowPrivate: boolean;
}
