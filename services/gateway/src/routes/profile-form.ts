import { MediaPartKind, ProfileImagePurpose } from "@starling/proto/media/v1/media";
import type { ProfileImageInput } from "@starling/proto/accounts/v1/profiles";
import { HttpError } from "../http/grpc-to-http.ts";
import { addField } from "../http/multipart-fields.ts";
import type { UploadPart } from "../http/multipart-upload.ts";
import type { RouteContext } from "../http/route.ts";
import { forwardChunks } from "./media-parts.ts";

/** The file fields of update_credentials and which profile image each is. */
const IMAGE_FIELDS: Record<string, ProfileImagePurpose> = {
  avatar: ProfileImagePurpose.PROFILE_IMAGE_PURPOSE_AVATAR,
  header: ProfileImagePurpose.PROFILE_IMAGE_PURPOSE_HEADER,
};

/** One update_credentials body: its text parameters and the images the media service stored from it. */
export interface ProfileForm {
  /** Flat bracketed keys for multipart, nested values for JSON and forms. */
  params: Record<string, unknown>;
  images: { avatar?: ProfileImageInput; header?: ProfileImageInput };
}

/**
 * Reads an update_credentials body. JSON and form bodies carry no files. A multipart body's text
 * fields are gathered as multipartFields does, and each avatar or header file is streamed to the
 * media service while it arrives, never held whole. `check` sees the fields read so far before each
 * image is stored, so bad parameters sent ahead of a file stop the request before anything is kept.
 */
export async function readProfileForm(ctx: RouteContext, check: (params: Record<string, unknown>) => void): Promise<ProfileForm> {
  const upload = ctx.upload!;
  if (upload.body) return { params: upload.body, images: {} };
  const params: Record<string, string | string[]> = Object.create(null);
  const images: ProfileForm["images"] = {};
  for await (const part of upload) {
    if (part.kind === "field") {
      addField(params, part.name, part.value);
      continue;
    }
    const purpose = Object.hasOwn(IMAGE_FIELDS, part.name) ? IMAGE_FIELDS[part.name] : undefined;
    // Unknown file fields, and empty file inputs (no file name) as browsers send them, are skipped as Rack does.
    if (purpose === undefined || part.fileName === "") continue;
    const name = part.name as keyof ProfileForm["images"];
    if (images[name]) throw new HttpError(422, `Validation failed: ${name} was sent twice`);
    check(params);
    images[name] = await storeImage(ctx, purpose, part);
  }
  return { params, images };
}

/** Streams one file part into StoreProfileImage; any failure cancels the call, so media keeps nothing. */
async function storeImage(ctx: RouteContext, purpose: ProfileImagePurpose, part: Extract<UploadPart, { kind: "file" }>): Promise<ProfileImageInput> {
  const call = ctx.clients.media.storeProfileImage({ viewerToken: ctx.viewerToken, deadlineMs: ctx.config.MEDIA_UPLOAD_DEADLINE_MS });
  try {
    await call.write({ options: { purpose } });
    await call.write({ part: { kind: MediaPartKind.MEDIA_PART_KIND_FILE, fileName: part.fileName, contentType: part.mimeType } });
    await forwardChunks(part.stream, call);
    const stored = await call.end();
    return { url: stored.url, staticUrl: stored.staticUrl };
  } catch (error) {
    call.cancel();
    throw error;
  }
}
