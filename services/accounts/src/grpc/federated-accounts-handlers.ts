import type { AsyncHandlers } from "@starling/runtime";
import type { FederatedAccountsServiceServer, UpsertRemoteAccountRequest } from "@starling/proto/accounts/v1/federated_accounts";
import type { RemoteProfile } from "../domain/remote-account.ts";
import type { AccountsDeps } from "../use-cases/deps.ts";
import { deleteRemoteAccount } from "../use-cases/delete-remote-account.ts";
import { findAccountsByUri } from "../use-cases/find-accounts-by-uri.ts";
import { listAccountAliases } from "../use-cases/list-account-aliases.ts";
import { listRemoteFollowers } from "../use-cases/list-remote-followers.ts";
import { receiveBlock, receiveUnblock } from "../use-cases/receive-block.ts";
import { receiveFollow } from "../use-cases/receive-follow.ts";
import { receiveFollowAccept } from "../use-cases/receive-follow-accept.ts";
import { receiveFollowReject } from "../use-cases/receive-follow-reject.ts";
import { receiveMove } from "../use-cases/receive-move.ts";
import { receiveUnfollow } from "../use-cases/receive-unfollow.ts";
import { upsertRemoteAccount } from "../use-cases/upsert-remote-account.ts";
import { accountToProto } from "./to-proto.ts";

const remoteProfile = (request: UpsertRemoteAccountRequest): RemoteProfile => ({
  ...request,
  discoverable: request.discoverable ?? null,
  createdAt: request.createdAt ?? null,
  fields: request.fields.map((field) => ({ name: field.name, value: field.value })),
});

// The inbound activities answer an empty message once they took effect.
const answered = async (work: Promise<void>): Promise<Record<string, never>> => {
  await work;
  return {};
};

/**
 * The FederatedAccountsService handlers: decode → use case → encode. Only the federation service
 * calls them, acting for remote servers, so no viewer is involved.
 */
export function federatedAccountsHandlers(deps: AccountsDeps): AsyncHandlers<FederatedAccountsServiceServer> {
  return {
    upsertRemoteAccount: async (request) => {
      const { account, created } = await upsertRemoteAccount(deps, remoteProfile(request));
      return { account: accountToProto(account), created };
    },
    findAccountsByUri: async (request) => ({ accounts: (await findAccountsByUri(deps, request.uris)).map(accountToProto) }),
    receiveFollow: async (request) => ({ state: await receiveFollow(deps, request) }),
    receiveFollowAccept: (request) => answered(receiveFollowAccept(deps, request)),
    receiveFollowReject: (request) => answered(receiveFollowReject(deps, request)),
    receiveUnfollow: (request) => answered(receiveUnfollow(deps, request)),
    receiveBlock: (request) => answered(receiveBlock(deps, request)),
    receiveUnblock: (request) => answered(receiveUnblock(deps, request)),
    receiveMove: (request) => answered(receiveMove(deps, request)),
    deleteRemoteAccount: (request) => answered(deleteRemoteAccount(deps, request.accountId)),
    listRemoteFollowers: async (request) => listRemoteFollowers(deps, request),
    listAccountAliases: async (request) => ({ uris: await listAccountAliases(deps, request.accountId) }),
  };
}
