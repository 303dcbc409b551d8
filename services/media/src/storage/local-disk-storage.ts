import { createReadStream } from "node:fs";
import { copyFile, mkdir, rename, rm, stat, unlink } from "node:fs/promises";
import { dirname, resolve, sep } from "node:path";
import type { MediaStorage, StoredObject } from "./media-storage.ts";

/** Only plain relative paths of safe segments; "..", absolute paths and odd characters never reach the disk. */
const SAFE_KEY = /^(?!.*(^|\/)\.{1,2}(\/|$))[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

/** Whether `key` is a well-formed storage key. */
export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key);
}

/** Stores media files in a folder on local disk. */
export function localDiskStorage(root: string): MediaStorage {
  const base = resolve(root);
  const pathOf = (key: string): string => {
    const path = resolve(base, key);
    if (!isSafeKey(key) || !path.startsWith(base + sep)) throw new Error(`unsafe storage key: ${key}`);
    return path;
  };
  return {
    async put(key, localPath) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      try {
        await rename(localPath, target);
      } catch (error) {
        // Another filesystem (a tmp folder elsewhere): copy, then drop the source.
        if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
        await copyFile(localPath, target);
        await unlink(localPath);
      }
    },
    async copyToFile(key, localPath) {
      await copyFile(pathOf(key), localPath);
    },
    async open(key, range): Promise<StoredObject | undefined> {
      if (!isSafeKey(key)) return undefined;
      const path = pathOf(key);
      const info = await stat(path).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      return { stream: createReadStream(path, range), size: info.size };
    },
    async exists(key) {
      return isSafeKey(key) && (await stat(pathOf(key)).then((s) => s.isFile(), () => false));
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(pathOf(key), { force: true })));
    },
  };
}
