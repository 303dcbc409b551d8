import { join } from "node:path";
import { invalidArgument, permissionDenied, type AsyncHandlers, type CallContext } from "@starling/runtime";
import { MediaPartKind, ProfileImagePurpose, type MediaServiceServer } from "@starling/proto/media/v1/media";
import { PROFILE_IMAGE_BYTES, type ProfileImagePurpose as Purpose } from "../domain/profile-image-rules.ts";
import { EMOJI_IMAGE_BYTES } from "../domain/emoji-image-rules.ts";
import type { MediaRecord } from "../domain/media-attachment.ts";
import { attachMedia, reserveMedia } from "../use-cases/attach-media.ts";
import type { Caller, MediaDeps } from "../use-cases/deps.ts";
import { getMedia, getOwnMedia } from "../use-cases/get-media.ts";
import { registerRemoteMedia } from "../use-cases/register-remote-media.ts";
import { removeRemoteCache } from "../use-cases/remove-remote-cache.ts";
import { storeEmojiImage } from "../use-cases/store-emoji-image.ts";
import { storeProfileImage } from "../use-cases/store-profile-image.ts";
import { updateMedia } from "../use-cases/update-media.ts";
import { uploadMedia } from "../use-cases/upload-media.ts";
import { mediaToProto } from "./media-to-proto.ts";
import { receiveParts } from "./receive-parts.ts";

const callerOf = (ctx: CallContext): Caller => ({ accountId: ctx.viewer?.accountId });

const PURPOSES: Partial<Record<ProfileImagePurpose, Purpose>> = {
  [ProfileImagePurpose.PROFILE_IMAGE_PURPOSE_AVATAR]: "avatar",
  [ProfileImagePurpose.PROFILE_IMAGE_PURPOSE_HEADER]: "header",
};

/** Later options override earlier ones, field by field (multipart fields may come in any order). */
const merged = <O extends object>(options: O[]): Partial<O> => Object.assign({}, ...options.map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined))));

/** MediaService: decode → use case → encode. */
export function mediaHandlers(deps: MediaDeps, baseUrl: string): AsyncHandlers<MediaServiceServer> {
  const encode = (record: MediaRecord) => mediaToProto(record, baseUrl);
  const incoming = join(deps.workDir, "incoming");
  return {
    async uploadMedia(requests, ctx) {
      const parts = await receiveParts(requests, incoming, {
        file: deps.limits.videoBytes,
        thumbnail: deps.limits.imageBytes,
        kinds: [MediaPartKind.MEDIA_PART_KIND_FILE, MediaPartKind.MEDIA_PART_KIND_THUMBNAIL],
      });
      try {
        const options = merged(parts.options);
        const media = await uploadMedia(deps, callerOf(ctx), { ...options, waitForProcessing: options.waitForProcessing ?? false, file: parts.file, thumbnail: parts.thumbnail });
        return { media: encode(media) };
      } finally {
        await parts.discard();
      }
    },
    async updateMedia(requests, ctx) {
      const parts = await receiveParts(requests, incoming, { file: 0, thumbnail: deps.limits.imageBytes, kinds: [MediaPartKind.MEDIA_PART_KIND_THUMBNAIL] });
      try {
        const { id, ...edits } = merged(parts.options);
        if (!id) throw invalidArgument("id is required");
        return { media: encode(await updateMedia(deps, callerOf(ctx), { id, ...edits, thumbnail: parts.thumbnail })) };
      } finally {
        await parts.discard();
      }
    },
    async storeProfileImage(requests, ctx) {
      const parts = await receiveParts(requests, incoming, { file: PROFILE_IMAGE_BYTES, thumbnail: 0, kinds: [MediaPartKind.MEDIA_PART_KIND_FILE] });
      try {
        const purpose = PURPOSES[merged(parts.options).purpose ?? ProfileImagePurpose.PROFILE_IMAGE_PURPOSE_UNSPECIFIED];
        if (!purpose) throw invalidArgument("purpose must be avatar or header");
        const stored = await storeProfileImage(deps, callerOf(ctx), purpose, parts.file);
        return { url: `${baseUrl}/${stored.key}`, staticUrl: `${baseUrl}/${stored.staticKey}` };
      } finally {
        await parts.discard();
      }
    },
    async storeEmojiImage(requests, ctx) {
      const parts = await receiveParts(requests, incoming, { file: EMOJI_IMAGE_BYTES, thumbnail: 0, kinds: [MediaPartKind.MEDIA_PART_KIND_FILE] });
      try {
        const stored = await storeEmojiImage(deps, ctx.viewer, parts.file);
        return { url: `${baseUrl}/${stored.key}`, staticUrl: `${baseUrl}/${stored.staticKey}` };
      } finally {
        await parts.discard();
      }
    },
    async getOwnMedia(request, ctx) {
      return { media: encode(await getOwnMedia(deps, callerOf(ctx), request.id)) };
    },
    async getMedia(request) {
      return { media: (await getMedia(deps, request.ids)).map(encode) };
    },
    async attachMedia(request, ctx) {
      // Statuses calls this for the author; a forwarded viewer must be that author.
      if (ctx.viewer?.accountId && ctx.viewer.accountId !== request.accountId) throw permissionDenied();
      return { media: (await attachMedia(deps, request)).map(encode) };
    },
    async registerRemoteMedia(request) {
      return { media: (await registerRemoteMedia(deps, request)).map(encode) };
    },
    async removeRemoteMedia(request, ctx) {
      const freed = await removeRemoteCache(deps, ctx.viewer, request.days);
      return { files: freed.files, bytes: freed.bytes };
    },
    async reserveMedia(request, ctx) {
      if (ctx.viewer?.accountId && ctx.viewer.accountId !== request.accountId) throw permissionDenied();
      if (!request.until) throw invalidArgument("until is required");
      await reserveMedia(deps, { accountId: request.accountId, mediaIds: request.mediaIds, until: request.until });
      return {};
    },
  };
}
