import type { CreateStatusRequest } from "@starling/proto/statuses/v1/statuses";
import type { CreateStatusInput } from "../use-cases/create-status.ts";
import { pollFromProto } from "./poll-to-proto.ts";

/** A CreateStatusRequest as the create use case takes it (posted now or scheduled). */
export function createStatusInputOf(request: CreateStatusRequest): CreateStatusInput {
  const application = request.application?.name ? { name: request.application.name, website: request.application.website } : null;
  return {
    text: request.status,
    visibility: request.visibility,
    spoilerText: request.spoilerText,
    inReplyToId: request.inReplyToId,
    language: request.language,
    sensitive: request.sensitive,
    application,
    idempotencyKey: request.idempotencyKey,
    mediaIds: request.mediaIds,
    poll: pollFromProto(request.poll),
  };
}
