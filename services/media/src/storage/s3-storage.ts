import { createWriteStream, createReadStream } from "node:fs";
import { stat, unlink } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { isSafeKey } from "./local-disk-storage.ts";
import type { MediaStorage, StoredObject } from "./media-storage.ts";

/** Where an S3-compatible bucket is and how to sign for it. */
export interface S3StorageOptions {
  /** Endpoint URL of an S3-compatible server (MinIO, Versity, Garage…); unset means AWS itself. */
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path rather than the host name; what most self-hosted servers need. */
  forcePathStyle: boolean;
  /** Prefix on every key, so one bucket can hold several instances. */
  prefix?: string;
}

// S3 deletes at most 1000 keys per request.
const DELETE_BATCH = 1000;

/** Stores media files in an S3-compatible bucket, behind the same port as local disk. */
export function s3Storage(options: S3StorageOptions): MediaStorage {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
  });
  const Bucket = options.bucket;
  const keyOf = (key: string): string => {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
    return `${options.prefix ?? ""}${key}`;
  };
  return {
    async put(key, localPath) {
      const { size } = await stat(localPath);
      await client.send(new PutObjectCommand({ Bucket, Key: keyOf(key), Body: createReadStream(localPath), ContentLength: size }));
      await unlink(localPath);
    },
    async copyToFile(key, localPath) {
      const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
      await pipeline(object.Body as Readable, createWriteStream(localPath));
    },
    async open(key, range): Promise<StoredObject | undefined> {
      if (!isSafeKey(key)) return undefined;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key), Range: range && `bytes=${range.start}-${range.end}` }));
        // A ranged answer says the whole size after the slash of Content-Range.
        const size = object.ContentRange ? Number(object.ContentRange.split("/")[1]) : Number(object.ContentLength ?? 0);
        return { stream: object.Body as Readable, size };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async exists(key) {
      if (!isSafeKey(key)) return false;
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async delete(keys) {
      for (let i = 0; i < keys.length; i += DELETE_BATCH) {
        const Objects = keys.slice(i, i + DELETE_BATCH).map((key) => ({ Key: keyOf(key) }));
        await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
      }
    },
  };
}

function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === "NoSuchKey" || error.name === "NotFound");
}
