/**
 * The real accounts and statuses services the search read models are fed from, started in the test
 * process on the trends harness's InfraProvider and shutdown, as the embedded launcher runs them.
 */
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { accountsEnv, seededViewerRole, startAccountsService } from "@starling/accounts";
import type { InfraProvider } from "@starling/platform";
import { AccountsServiceClient } from "@starling/proto/accounts/v1/accounts";
import { AdminAccountsServiceClient } from "@starling/proto/accounts/v1/admin_accounts";
import { FederatedAccountsServiceClient, UpsertRemoteAccountRequest } from "@starling/proto/accounts/v1/federated_accounts";
import { ProfilesServiceClient } from "@starling/proto/accounts/v1/profiles";
import { RelationshipsServiceClient } from "@starling/proto/accounts/v1/relationships";
import { SecurityServiceClient } from "@starling/proto/accounts/v1/security";
import { FederatedStatusesServiceClient, UpsertRemoteStatusRequest } from "@starling/proto/statuses/v1/federated_statuses";
import { StatusInteractionsServiceClient } from "@starling/proto/statuses/v1/interactions";
import { StatusesServiceClient, type CreateStatusRequest } from "@starling/proto/statuses/v1/statuses";
import { connectService, createServiceContext, OPERATOR_ROLE, signViewer, type AsyncClient, type ServiceContext } from "@starling/runtime";
import { startStatusesService, statusesEnv } from "@starling/statuses";
import { VIEWER_SECRET } from "./trends-harness.ts";

/** Call options signed as a user of the account. */
export const asUser = async (accountId: string) => ({ viewerToken: await signViewer(VIEWER_SECRET, { accountId, scopes: ["read", "write"] }) });

/** Call options signed as a staff member with that role (Admin holds every permission). */
export const asStaff = async (accountId: string, role = "Admin") => ({ viewerToken: await signViewer(VIEWER_SECRET, { accountId, role: seededViewerRole(role), scopes: ["read", "write", "admin:read", "admin:write"] }) });

/** What search, directory and suggestion tests do through the peers. */
export interface SearchPeers {
  env: Record<string, string>;
  accounts: AsyncClient<AccountsServiceClient>;
  adminAccounts: AsyncClient<AdminAccountsServiceClient>;
  profiles: AsyncClient<ProfilesServiceClient>;
  relationships: AsyncClient<RelationshipsServiceClient>;
  security: AsyncClient<SecurityServiceClient>;
  statuses: AsyncClient<StatusesServiceClient>;
  interactions: AsyncClient<StatusInteractionsServiceClient>;
  federatedAccounts: AsyncClient<FederatedAccountsServiceClient>;
  /** Stores (or refreshes) a remote actor's account, as federation does; resolves with its id. */
  remoteAccount(username: string, domain: string, indexable: boolean): Promise<string>;
  /** Stores a public post of a remote account, as federation does; resolves with the status id. */
  remotePost(accountId: string, html: string): Promise<string>;
  /** Creates a confirmed local account with a role ("" for a plain user); resolves with its id. */
  createAccount(username: string, role?: string): Promise<string>;
  /** Posts as the account (public unless said otherwise); resolves with the status id. */
  post(accountId: string, text: string, extra?: Partial<CreateStatusRequest>): Promise<string>;
}

/** Starts accounts and statuses; they stop with the harness's shutdown. */
export async function startSearchPeers(infra: InfraProvider, context: ServiceContext): Promise<SearchPeers> {
  const logLevel = process.env.TEST_LOG_LEVEL ?? "silent";
  const base = { VIEWER_TOKEN_SECRET: VIEWER_SECRET, GRPC_PORT: "0", ADMIN_PORT: "0", LOG_LEVEL: logLevel, LOCAL_DOMAIN: "social.test", DATA_DIR: await mkdtemp(join(tmpdir(), "trends-peers-")) };
  const peerContext = (name: string) => createServiceContext(name, { logLevel, shutdownTimeoutMs: 5_000, shutdown: context.shutdown });
  const accountsAddress = `127.0.0.1:${(await startAccountsService(accountsEnv.parse(base), peerContext("accounts"), infra)).grpcPort}`;
  const statusesAddress = `127.0.0.1:${(await startStatusesService(statusesEnv.parse({ ...base, ACCOUNTS_GRPC_URL: accountsAddress }), peerContext("statuses"), infra)).grpcPort}`;
  const options = { deadlineMs: 10_000 };
  const peers = {
    accounts: connectService(AccountsServiceClient, accountsAddress, options),
    adminAccounts: connectService(AdminAccountsServiceClient, accountsAddress, options),
    profiles: connectService(ProfilesServiceClient, accountsAddress, options),
    relationships: connectService(RelationshipsServiceClient, accountsAddress, options),
    security: connectService(SecurityServiceClient, accountsAddress, options),
    statuses: connectService(StatusesServiceClient, statusesAddress, options),
    interactions: connectService(StatusInteractionsServiceClient, statusesAddress, options),
    federatedAccounts: connectService(FederatedAccountsServiceClient, accountsAddress, options),
    federatedStatuses: connectService(FederatedStatusesServiceClient, statusesAddress, options),
  };
  context.shutdown.add("clients", "test peer clients", () => Object.values(peers).forEach((c) => c.close()));
  const owner = await signViewer(VIEWER_SECRET, { scopes: ["admin:write"], role: OPERATOR_ROLE });
  return {
    ...peers,
    env: { ACCOUNTS_GRPC_URL: accountsAddress, STATUSES_GRPC_URL: statusesAddress },
    async createAccount(username, role) {
      const { account } = await peers.accounts.createAccount({ username, email: `${username}@example.test`, confirmed: true, role }, { viewerToken: owner });
      return account!.id;
    },
    async remoteAccount(username, domain, indexable) {
      const uri = `https://${domain}/users/${username}`;
      const { account } = await peers.federatedAccounts.upsertRemoteAccount(UpsertRemoteAccountRequest.fromPartial({ uri, username, domain, displayName: username, indexable }));
      return account!.id;
    },
    async remotePost(accountId, html) {
      const uri = `https://remote.test/statuses/${accountId}/${Math.random().toString(36).slice(2)}`;
      const { status } = await peers.federatedStatuses.upsertRemoteStatus(UpsertRemoteStatusRequest.fromPartial({ uri, accountId, visibility: "public", content: html, createdAt: new Date() }));
      return status!.id;
    },
    async post(accountId, text, extra = {}) {
      const request = { status: text, visibility: "public", spoilerText: "", sensitive: false, application: { name: "Test", website: "" }, mediaIds: [], ...extra };
      const { status } = await peers.statuses.createStatus(request, await asUser(accountId));
      return status!.id;
    },
  };
}
