import { connectService } from "@starling/runtime";
import { AccountsServiceClient } from "@starling/proto/accounts/v1/accounts";
import { FederatedAccountsServiceClient } from "@starling/proto/accounts/v1/federated_accounts";
import { FollowsServiceClient } from "@starling/proto/accounts/v1/follows";
import { ProfilesServiceClient } from "@starling/proto/accounts/v1/profiles";
import { RegistrationServiceClient } from "@starling/proto/accounts/v1/registration";
import { MediaServiceClient } from "@starling/proto/media/v1/media";
import { ReportsServiceClient } from "@starling/proto/moderation/v1/reports";
import { CustomEmojisServiceClient } from "@starling/proto/statuses/v1/custom_emojis";
import { FeaturedTagsServiceClient } from "@starling/proto/statuses/v1/featured_tags";
import { FederatedStatusesServiceClient } from "@starling/proto/statuses/v1/federated_statuses";
import { StatusInteractionsServiceClient } from "@starling/proto/statuses/v1/interactions";
import { StatusesServiceClient } from "@starling/proto/statuses/v1/statuses";
import type { FederationConfig } from "../config.ts";

/** The gRPC clients of every service federation turns activities into calls on, each call bounded by the deadline. */
export function connectFederationClients(config: FederationConfig) {
  const defaults = { deadlineMs: config.GRPC_DEADLINE_MS };
  return {
    accounts: connectService(AccountsServiceClient, config.ACCOUNTS_GRPC_URL, defaults),
    profiles: connectService(ProfilesServiceClient, config.ACCOUNTS_GRPC_URL, defaults),
    federatedAccounts: connectService(FederatedAccountsServiceClient, config.ACCOUNTS_GRPC_URL, defaults),
    registration: connectService(RegistrationServiceClient, config.ACCOUNTS_GRPC_URL, defaults),
    statuses: connectService(StatusesServiceClient, config.STATUSES_GRPC_URL, defaults),
    federatedStatuses: connectService(FederatedStatusesServiceClient, config.STATUSES_GRPC_URL, defaults),
    follows: connectService(FollowsServiceClient, config.ACCOUNTS_GRPC_URL, defaults),
    interactions: connectService(StatusInteractionsServiceClient, config.STATUSES_GRPC_URL, defaults),
    customEmojis: connectService(CustomEmojisServiceClient, config.STATUSES_GRPC_URL, defaults),
    featuredTags: connectService(FeaturedTagsServiceClient, config.STATUSES_GRPC_URL, defaults),
    media: connectService(MediaServiceClient, config.MEDIA_GRPC_URL, defaults),
    reports: connectService(ReportsServiceClient, config.MODERATION_GRPC_URL, defaults),
  };
}
