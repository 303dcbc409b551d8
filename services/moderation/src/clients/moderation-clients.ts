import { AccountsServiceClient } from "@starling/proto/accounts/v1/accounts";
import { AdminAccountsServiceClient } from "@starling/proto/accounts/v1/admin_accounts";
import { ProfilesServiceClient } from "@starling/proto/accounts/v1/profiles";
import { RegistrationServiceClient } from "@starling/proto/accounts/v1/registration";
import { SecurityServiceClient } from "@starling/proto/accounts/v1/security";
import { CustomEmojisServiceClient } from "@starling/proto/statuses/v1/custom_emojis";
import { StatusesServiceClient } from "@starling/proto/statuses/v1/statuses";
import { connectService, type AsyncClient } from "@starling/runtime";
import type { ModerationConfig } from "../config.ts";

/** The services moderation asks: accounts (who, and the effects it owns) and statuses (what a report cites). */
export interface ModerationClients {
  accounts: AsyncClient<AccountsServiceClient>;
  adminAccounts: AsyncClient<AdminAccountsServiceClient>;
  security: AsyncClient<SecurityServiceClient>;
  registration: AsyncClient<RegistrationServiceClient>;
  statuses: AsyncClient<StatusesServiceClient>;
  /** Accounts an announcement mentions. */
  profiles: AsyncClient<ProfilesServiceClient>;
  /** Custom emojis (statuses keeps them): an announcement's and its reactions', and those of accounts a webhook's object shows. */
  customEmojis: AsyncClient<CustomEmojisServiceClient>;
}

/** Connects to accounts and statuses, each call bounded by the gRPC deadline. */
export function connectModerationClients(config: ModerationConfig): ModerationClients {
  const defaults = { deadlineMs: config.GRPC_DEADLINE_MS };
  return {
    accounts: connectService(AccountsServiceClient, config.ACCOUNTS_GRPC_URL, defaults),
    adminAccounts: connectService(AdminAccountsServiceClient, config.ACCOUNTS_GRPC_URL, defaults),
    security: connectService(SecurityServiceClient, config.ACCOUNTS_GRPC_URL, defaults),
    registration: connectService(RegistrationServiceClient, config.ACCOUNTS_GRPC_URL, defaults),
    statuses: connectService(StatusesServiceClient, config.STATUSES_GRPC_URL, defaults),
    profiles: connectService(ProfilesServiceClient, config.ACCOUNTS_GRPC_URL, defaults),
    customEmojis: connectService(CustomEmojisServiceClient, config.STATUSES_GRPC_URL, defaults),
  };
}
