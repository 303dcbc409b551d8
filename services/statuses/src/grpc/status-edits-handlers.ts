import type { AsyncHandlers } from "@starling/runtime";
import type { StatusEditsServiceServer, StatusVersion as StatusVersionMessage } from "@starling/proto/statuses/v1/status_edits";
import type { StatusVersion } from "../domain/status-version.ts";
import type { StatusesDeps } from "../use-cases/dependencies.ts";
import { editStatus } from "../use-cases/edit-status.ts";
import { getStatusHistory } from "../use-cases/get-status-history.ts";
import { getStatusSource } from "../use-cases/get-status-source.ts";
import { callerOf } from "./caller-of.ts";
import { pollFromProto } from "./poll-to-proto.ts";
import { statusToProto } from "./status-to-proto.ts";

/** StatusEditsService: decode → use case → encode. */
export function statusEditsHandlers(deps: StatusesDeps): AsyncHandlers<StatusEditsServiceServer> {
  return {
    async editStatus(request, ctx) {
      const status = await editStatus(deps, callerOf(ctx), {
        id: request.id,
        text: request.status,
        spoilerText: request.spoilerText,
        sensitive: request.sensitive,
        language: request.language,
        mediaIds: request.mediaIds,
        poll: pollFromProto(request.poll),
      });
      return { status: statusToProto(status) };
    },
    async getStatusHistory(request, ctx) {
      return { versions: (await getStatusHistory(deps, callerOf(ctx), request.id)).map(versionToProto) };
    },
    async getStatusSource(request, ctx) {
      return getStatusSource(deps, callerOf(ctx), request.id);
    },
  };
}

function versionToProto(version: StatusVersion): StatusVersionMessage {
  const poll = version.poll && { options: version.poll.options, multiple: version.poll.multiple, expiresAt: version.poll.expiresAt ?? undefined };
  return {
    statusId: version.statusId,
    accountId: version.accountId,
    content: version.content,
    text: version.text,
    spoilerText: version.spoilerText,
    sensitive: version.sensitive,
    createdAt: version.createdAt,
    mediaIds: version.mediaIds,
    poll: poll ?? undefined,
    emojiShortcodes: version.emojiShortcodes,
  };
}
