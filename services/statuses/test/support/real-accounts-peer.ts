/**
 * The real accounts service, started in the test process on the same InfraProvider and shutdown
 * as statuses, as the embedded launcher runs them: accounts are made with CreateAccount (Owner
 * viewer) and follows with Follow, over gRPC.
 */
import { accountsEnv, startAccountsService } from "@starling/accounts";
import type { InfraProvider } from "@starling/platform";
import { AccountsServiceClient } from "@starling/proto/accounts/v1/accounts";
import { connectService, createServiceContext, OPERATOR_ROLE, signViewer, type Shutdown } from "@starling/runtime";

/** The real accounts service as statuses' tests use it. */
export interface RealAccountsPeer {
  /** host:port of its gRPC server. */
  address: string;
  /** Creates a confirmed local account; resolves with its id. */
  createAccount(username: string): Promise<string>;
  /** Makes `followerId` follow `targetId`. */
  follow(followerId: string, targetId: string): Promise<void>;
  /** How many calls of `rpc` (e.g. "GetRelationships") accounts has served so far. */
  served(rpc: string): Promise<number>;
}

/** Starts accounts with `infra`; it stops with `shutdown`. */
export async function startRealAccountsPeer(infra: InfraProvider, shutdown: Shutdown, secret: string, logLevel: string): Promise<RealAccountsPeer> {
  const config = accountsEnv.parse({ VIEWER_TOKEN_SECRET: secret, GRPC_PORT: "0", ADMIN_PORT: "0", LOG_LEVEL: logLevel, LOCAL_DOMAIN: "social.test" });
  const context = createServiceContext("accounts", { logLevel, shutdownTimeoutMs: 5_000, shutdown });
  const { grpcPort } = await startAccountsService(config, context, infra);
  const address = `127.0.0.1:${grpcPort}`;
  const client = connectService(AccountsServiceClient, address, { deadlineMs: 10_000 });
  shutdown.add("clients", "test accounts client", () => client.close());
  const owner = await signViewer(secret, { scopes: ["admin:write"], role: OPERATOR_ROLE });
  return {
    address,
    async createAccount(username) {
      const { account } = await client.createAccount({ username, email: `${username}@example.test`, confirmed: true }, { viewerToken: owner });
      return account!.id;
    },
    async follow(followerId, targetId) {
      const viewerToken = await signViewer(secret, { accountId: followerId, scopes: ["write:follows"] });
      const { relationship } = await client.follow({ targetAccountId: targetId, languages: [] }, { viewerToken });
      if (!relationship?.following) throw new Error(`follow ${followerId} → ${targetId} did not take effect`);
    },
    async served(rpc) {
      const metric = await context.registry.getSingleMetric("starling_grpc_server_seconds")?.get();
      const path = `/starling.accounts.v1.AccountsService/${rpc}`;
      const values = (metric?.values ?? []) as { metricName?: string; labels: Record<string, unknown>; value: number }[];
      const counts = values.filter((v) => v.metricName === "starling_grpc_server_seconds_count" && v.labels.method === path);
      return counts.reduce((sum, v) => sum + v.value, 0);
    },
  };
}
