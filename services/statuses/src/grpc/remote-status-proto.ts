import type { FederatedStatus, RemotePoll, UpsertRemoteStatusRequest } from "@starling/proto/statuses/v1/federated_statuses";
import type { Poll } from "../domain/poll.ts";
import type { RemotePollState } from "../domain/remote-poll.ts";
import type { RemoteStatusInput } from "../domain/remote-status.ts";
import type { FederatedStatusView } from "../use-cases/statuses-for-federation.ts";
import { statusToProto } from "./status-to-proto.ts";

/** An UpsertRemoteStatusRequest as the upsert use case takes it. */
export function remoteStatusInputOf(request: UpsertRemoteStatusRequest): RemoteStatusInput {
  return {
    uri: request.uri,
    url: request.url,
    accountId: request.accountId,
    inReplyToId: request.inReplyToId,
    inReplyToAccountId: request.inReplyToAccountId,
    content: request.content,
    spoilerText: request.spoilerText,
    visibility: request.visibility,
    sensitive: request.sensitive,
    language: request.language,
    createdAt: request.createdAt ?? null,
    editedAt: request.editedAt ?? null,
    mentionedAccountIds: request.mentionedAccountIds,
    tags: request.tags,
    emojiShortcodes: request.emojiShortcodes,
    poll: request.poll ? remotePollOf(request.poll) : null,
    mediaIds: request.mediaIds,
  };
}

// A remote server's counts: a negative one counts as none.
const count = (value: number) => Math.max(value, 0);

function remotePollOf(poll: RemotePoll): RemotePollState {
  return {
    options: poll.options.map((o) => ({ title: o.title, votesCount: count(o.votesCount) })),
    multiple: poll.multiple,
    expiresAt: poll.expiresAt ?? null,
    votersCount: count(poll.votersCount),
  };
}

/** A status with its ActivityPub references and poll → FederatedStatus. */
export function federatedStatusToProto(view: FederatedStatusView): FederatedStatus {
  return {
    status: statusToProto(view.status),
    inReplyToUri: view.inReplyToUri ?? undefined,
    reblogOfUri: view.reblogOfUri ?? undefined,
    poll: view.poll ? remotePollToProto(view.poll) : undefined,
  };
}

function remotePollToProto(poll: Poll): RemotePoll {
  return {
    options: poll.options.map((title, i) => ({ title, votesCount: poll.tallies[i] ?? 0 })),
    multiple: poll.multiple,
    expiresAt: poll.expiresAt ?? undefined,
    votersCount: poll.votersCount,
  };
}
