import { invalidArgument, unauthenticated } from "@starling/runtime";
import { PROFILE_IMAGE_BYTES, PROFILE_IMAGE_RULES, type ProfileImagePurpose } from "../domain/profile-image-rules.ts";
import { accountImageKey } from "../domain/storage-keys.ts";
import { inspectProfileImage } from "../processing/inspect-upload.ts";
import { renderProfileImage } from "../processing/render-profile-image.ts";
import { ProcessingError } from "../processing/run-tool.ts";
import type { Caller, MediaDeps } from "./deps.ts";
import type { ReceivedFile } from "./store-thumbnail.ts";
import { withWorkDir } from "./work-dir.ts";

/** Storage keys of a stored avatar or header; `staticKey` is `key` itself unless the image is a GIF. */
export interface StoredProfileImage {
  key: string;
  staticKey: string;
}

/**
 * Stores an avatar or header of the caller's account: inspects it by content (refusing before
 * anything is stored), renders it at Mastodon's geometry without metadata, and stores it, plus a
 * still PNG for GIFs, under a fresh version. No row is written: the accounts service keeps the
 * URLs, and the orphan cleanup (which walks media rows only) never sees these files.
 */
export async function storeProfileImage(deps: MediaDeps, caller: Caller, purpose: ProfileImagePurpose, file: ReceivedFile | undefined): Promise<StoredProfileImage> {
  const accountId = caller.accountId;
  if (!accountId) throw unauthenticated("This method requires an authenticated user");
  const rule = PROFILE_IMAGE_RULES[purpose];
  if (!file) throw invalidArgument(`Validation failed: ${rule.label} can't be blank`);
  const inspected = await inspectProfileImage(file.path, file.size, PROFILE_IMAGE_BYTES, rule.label);
  const version = deps.newId();
  return withWorkDir(deps.workDir, async (dir) => {
    const rendered = await renderProfileImage(file.path, inspected, { workDir: dir, stem: version, geometry: rule.geometry }).catch((error: unknown) => {
      if (error instanceof ProcessingError) throw invalidArgument(`Validation failed: ${rule.label} could not be processed`);
      throw error;
    });
    const key = accountImageKey(rule.folder, accountId, "original", version, rendered.original.extension);
    const staticKey = rendered.still ? accountImageKey(rule.folder, accountId, "static", version, rendered.still.extension) : key;
    await deps.storage.put(key, rendered.original.path);
    if (rendered.still) {
      await deps.storage.put(staticKey, rendered.still.path).catch(async (error: unknown) => {
        await deps.storage.delete([key]);
        throw error;
      });
    }
    return { key, staticKey };
  });
}
