import { connectService, type AsyncClient } from "@starling/runtime";
import { AccountsServiceClient } from "@starling/proto/accounts/v1/accounts";
import { StatusesServiceClient } from "@starling/proto/statuses/v1/statuses";
import { TimelinesServiceClient } from "@starling/proto/timelines/v1/timelines";
import type { GatewayConfig } from "./config.ts";

/** The gRPC clients the gateway calls services with. */
export interface Clients {
  accounts: AsyncClient<AccountsServiceClient>;
  statuses: AsyncClient<StatusesServiceClient>;
  timelines: AsyncClient<TimelinesServiceClient>;
}

/** Connects to every service the gateway forwards to, each call bounded by the gRPC deadline. */
export function connectClients(config: GatewayConfig): Clients {
  const defaults = { deadlineMs: config.GRPC_DEADLINE_MS };
  return {
    accounts: connectService(AccountsServiceClient, config.ACCOUNTS_GRPC_URL, defaults),
    statuses: connectService(StatusesServiceClient, config.STATUSES_GRPC_URL, defaults),
    timelines: connectService(TimelinesServiceClient, config.TIMELINES_GRPC_URL, defaults),
  };
}
