import { status as GrpcStatus } from "@grpc/grpc-js";
import { connectService, ServiceError, type AsyncClient } from "@starling/runtime";
import { MediaServiceClient } from "@starling/proto/media/v1/media";
import type { Caller, MediaPort } from "../use-cases/dependencies.ts";

/** The media port over gRPC, forwarding the caller's signed viewer. */
export function mediaAttacher(client: AsyncClient<MediaServiceClient>): MediaPort {
  return {
    async attach(statusId, accountId, mediaIds, caller: Caller) {
      await client.attachMedia({ statusId, accountId, mediaIds: [...mediaIds] }, { viewerToken: caller.viewerToken }).catch(refusal);
    },
    async reserve(accountId, mediaIds, until, caller: Caller) {
      if (mediaIds.length === 0) return;
      await client.reserveMedia({ accountId, mediaIds: [...mediaIds], until }, { viewerToken: caller.viewerToken }).catch(refusal);
    },
  };
}

// The media service's refusals (someone else's upload, too many, not processed, audio mixed with
// images) are the client's validation errors here (HTTP 422); an outage is retriable (503).
function refusal(error: { code?: number; details?: string }): never {
  switch (error.code) {
    case GrpcStatus.INVALID_ARGUMENT:
    case GrpcStatus.FAILED_PRECONDITION:
    case GrpcStatus.NOT_FOUND:
      throw new ServiceError(error.code === GrpcStatus.NOT_FOUND ? GrpcStatus.INVALID_ARGUMENT : error.code, error.details || "Validation failed: Media attachments are invalid");
    case GrpcStatus.UNAVAILABLE:
    case GrpcStatus.DEADLINE_EXCEEDED:
      throw new ServiceError(GrpcStatus.UNAVAILABLE, "The media service is unavailable");
    default:
      throw error;
  }
}

/** Connects to the media service at `address` (host:port). */
export function connectMedia(address: string, deadlineMs: number): AsyncClient<MediaServiceClient> {
  return connectService(MediaServiceClient, address, { deadlineMs });
}
