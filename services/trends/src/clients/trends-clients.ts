import { AccountsServiceClient } from "@starling/proto/accounts/v1/accounts";
import { AdminAccountsServiceClient } from "@starling/proto/accounts/v1/admin_accounts";
import { StatusesServiceClient } from "@starling/proto/statuses/v1/statuses";
import { connectService, type AsyncClient } from "@starling/runtime";
import type { TrendsConfig } from "../config.ts";

/** The services trends asks: accounts (staff, accounts to show) and statuses. */
export interface TrendsClients {
  accounts: AsyncClient<AccountsServiceClient>;
  /** Staff by permission: who hears of trends awaiting review. */
  adminAccounts: AsyncClient<AdminAccountsServiceClient>;
  statuses: AsyncClient<StatusesServiceClient>;
}

/** Connects to accounts and statuses, each call bounded by the gRPC deadline. */
export function connectTrendsClients(config: TrendsConfig): TrendsClients {
  const defaults = { deadlineMs: config.GRPC_DEADLINE_MS };
  return {
    accounts: connectService(AccountsServiceClient, config.ACCOUNTS_GRPC_URL, defaults),
    adminAccounts: connectService(AdminAccountsServiceClient, config.ACCOUNTS_GRPC_URL, defaults),
    statuses: connectService(StatusesServiceClient, config.STATUSES_GRPC_URL, defaults),
  };
}
