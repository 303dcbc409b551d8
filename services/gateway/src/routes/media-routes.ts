import { z } from "zod";
import type { MediaAttachment } from "@starling/proto/media/v1/media";
import type { GatewayConfig } from "../config.ts";
import { HttpError } from "../http/grpc-to-http.ts";
import type { UploadLimits } from "../http/multipart-upload.ts";
import { idParam } from "../http/params.ts";
import type { Route, RouteContext } from "../http/route.ts";
import { presentMediaAttachment } from "../presenters/media.ts";
import { MEDIA_FILE_FIELDS, forwardMediaParts, mediaFields } from "./media-parts.ts";

const noInput = z.object({});
const byId = z.object({ id: idParam });
const scopes = ["write", "write:media"];

// A file and a thumbnail, and a handful of text fields (description, focus, and what clients add).
const mediaLimits = (config: GatewayConfig): UploadLimits => ({ fileBytes: config.MEDIA_UPLOAD_MAX_BYTES, files: 2, fields: 20, fieldBytes: 16_384 });

const uploadBody = { fields: z.object(mediaFields).partial(), files: Object.keys(MEDIA_FILE_FIELDS) };

const pending = (media: MediaAttachment) => media.processing === "pending";
const present = (_ctx: RouteContext, media: MediaAttachment) => presentMediaAttachment(media);

/**
 * Streams a POST /api/v1|v2/media body into UploadMedia. `waitForProcessing` is v1 (the answer
 * comes once processed); v2 answers once the original is stored. Any failure cancels the stream,
 * so the media service keeps nothing.
 */
async function upload(ctx: RouteContext, waitForProcessing: boolean): Promise<MediaAttachment> {
  const call = ctx.clients.media.uploadMedia({ viewerToken: ctx.viewerToken, deadlineMs: ctx.config.MEDIA_UPLOAD_DEADLINE_MS });
  try {
    await call.write({ options: { waitForProcessing } });
    const sent = await forwardMediaParts(ctx.upload!, call, (edits) => ({ ...edits, waitForProcessing }));
    if (!sent.has("file")) throw new HttpError(422, "Validation failed: File can't be blank");
    const { media } = await call.end();
    return media!;
  } catch (error) {
    call.cancel();
    throw error;
  }
}

/** Streams a PUT /api/v1/media/:id body (description, focus, thumbnail) into UpdateMedia. */
async function update(ctx: RouteContext, id: string): Promise<MediaAttachment> {
  const call = ctx.clients.media.updateMedia({ viewerToken: ctx.viewerToken, deadlineMs: ctx.config.MEDIA_UPLOAD_DEADLINE_MS });
  try {
    await call.write({ options: { id } });
    const sent = await forwardMediaParts(ctx.upload!, call, (edits) => ({ id, ...edits }));
    if (sent.has("file")) throw new HttpError(422, "Validation failed: the file of an upload cannot be replaced");
    const { media } = await call.end();
    return media!;
  } catch (error) {
    call.cancel();
    throw error;
  }
}

/** Media routes (reference §1.12). Uploads and edits stream their bodies (see Route.upload). */
export const mediaRoutes: Route[] = [
  {
    method: "post",
    path: "/api/v1/media",
    auth: "user",
    scopes,
    input: noInput,
    upload: mediaLimits,
    uploadBody,
    call: (ctx) => upload(ctx, true),
    present,
  },
  {
    method: "post",
    path: "/api/v2/media",
    auth: "user",
    scopes,
    input: noInput,
    upload: mediaLimits,
    uploadBody,
    call: (ctx) => upload(ctx, false),
    present,
    // 202 while processing runs on; clients then poll GET /api/v1/media/:id.
    status: (media: MediaAttachment) => (pending(media) ? 202 : 200),
  },
  {
    method: "get",
    path: "/api/v1/media/:id",
    auth: "user",
    // Mastodon asks for a write scope even on this GET (reference §9.12).
    scopes,
    input: byId,
    call: async (ctx, input: z.infer<typeof byId>) => {
      const { media } = await ctx.clients.media.getOwnMedia({ id: input.id }, { viewerToken: ctx.viewerToken });
      if (media?.processing === "failed") throw new HttpError(422, "Error processing thumbnail for uploaded media");
      return media!;
    },
    present,
    status: (media: MediaAttachment) => (pending(media) ? 206 : 200),
  },
  // Rails routes both PUT and PATCH to the update.
  ...(["put", "patch"] as const).map(
    (method): Route => ({
      method,
      path: "/api/v1/media/:id",
      auth: "user",
      scopes,
      input: byId,
      upload: mediaLimits,
      uploadBody,
      call: (ctx, input: z.infer<typeof byId>) => update(ctx, input.id),
      present,
      status: (media: MediaAttachment) => (pending(media) ? 206 : 200),
    }),
  ),
];
