import type { AsyncHandlers } from "@starling/runtime";
import type { FederatedStatusesServiceServer } from "@starling/proto/statuses/v1/federated_statuses";
import type { StatusesDeps } from "../use-cases/dependencies.ts";
import { receivePollVote } from "../use-cases/receive-poll-vote.ts";
import { receiveFavourite, receiveReblog, receiveUnfavourite } from "../use-cases/receive-remote-interactions.ts";
import { receiveFeatured, receivePin, receiveUnpin } from "../use-cases/receive-remote-pins.ts";
import { deleteRemoteStatus, receiveUnreblog } from "../use-cases/remove-remote-status.ts";
import { findStatusesByUri, getStatusesForFederation } from "../use-cases/statuses-for-federation.ts";
import { listLocalTaggedStatuses } from "../use-cases/local-tagged-statuses.ts";
import { upsertRemoteEmojis } from "../use-cases/upsert-remote-emojis.ts";
import { upsertRemoteStatus } from "../use-cases/upsert-remote-status.ts";
import { federatedStatusToProto, remoteStatusInputOf } from "./remote-status-proto.ts";
import { customEmojiToProto } from "./custom-emojis-handlers.ts";
import { statusToProto } from "./status-to-proto.ts";

/**
 * FederatedStatusesService: decode → use case → encode. Internal to the federation service, so
 * no viewer is read: the remote account acting is named in each request, already verified by the
 * federation service's HTTP signature checks.
 */
export function federatedStatusesHandlers(deps: StatusesDeps): AsyncHandlers<FederatedStatusesServiceServer> {
  return {
    async upsertRemoteStatus(request) {
      const { status, created } = await upsertRemoteStatus(deps, remoteStatusInputOf(request));
      return { status: status ? statusToProto(status) : undefined, created };
    },
    async deleteRemoteStatus(request) {
      await deleteRemoteStatus(deps, request);
      return {};
    },
    async receiveReblog(request) {
      return { statusId: await receiveReblog(deps, { ...request, createdAt: request.createdAt ?? null }) };
    },
    async receiveUnreblog(request) {
      await receiveUnreblog(deps, request);
      return {};
    },
    async receiveFavourite(request) {
      await receiveFavourite(deps, request.accountId, request.statusId);
      return {};
    },
    async receiveUnfavourite(request) {
      await receiveUnfavourite(deps, request.accountId, request.statusId);
      return {};
    },
    async receivePollVote(request) {
      await receivePollVote(deps, request);
      return {};
    },
    async receivePin(request) {
      await receivePin(deps, request.accountId, request.statusId);
      return {};
    },
    async receiveUnpin(request) {
      await receiveUnpin(deps, request.accountId, request.statusId);
      return {};
    },
    async receiveFeatured(request) {
      return { statusIds: await receiveFeatured(deps, request.accountId, request.statusIds) };
    },
    async findStatusesByUri(request) {
      return { statuses: (await findStatusesByUri(deps, request.uris)).map(statusToProto) };
    },
    async getStatusesForFederation(request) {
      return { statuses: (await getStatusesForFederation(deps, request.ids)).map(federatedStatusToProto) };
    },
    async upsertRemoteEmojis(request) {
      const emojis = request.emojis.map((e) => ({ shortcode: e.shortcode, url: e.url, updatedAt: e.updatedAt ?? null }));
      return { emojis: (await upsertRemoteEmojis(deps, request.domain, emojis)).map(customEmojiToProto) };
    },
    async listLocalTaggedStatuses(request) {
      const { statusIds, total } = await listLocalTaggedStatuses(deps, request.tag, request.page);
      return { statusIds, total };
    },
  };
}
