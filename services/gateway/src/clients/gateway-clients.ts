import { connectService, type AsyncClient } from "@starling/runtime";
import { AccountsServiceClient } from "@starling/proto/accounts/v1/accounts";
import { OAuthServiceClient } from "@starling/proto/accounts/v1/oauth";
import { SessionsServiceClient } from "@starling/proto/accounts/v1/sessions";
import { SecurityServiceClient } from "@starling/proto/accounts/v1/security";
import { FollowsServiceClient } from "@starling/proto/accounts/v1/follows";
import { RelationshipsServiceClient } from "@starling/proto/accounts/v1/relationships";
import { RegistrationServiceClient } from "@starling/proto/accounts/v1/registration";
import { ProfilesServiceClient } from "@starling/proto/accounts/v1/profiles";
import { PushServiceClient } from "@starling/proto/accounts/v1/push";
import { MediaServiceClient } from "@starling/proto/media/v1/media";
import { PreviewCardsServiceClient } from "@starling/proto/media/v1/preview_cards";
import { StatusesServiceClient } from "@starling/proto/statuses/v1/statuses";
import { PollsServiceClient } from "@starling/proto/statuses/v1/polls";
import { CustomEmojisServiceClient } from "@starling/proto/statuses/v1/custom_emojis";
import { FeaturedTagsServiceClient } from "@starling/proto/statuses/v1/featured_tags";
import { StatusEditsServiceClient } from "@starling/proto/statuses/v1/status_edits";
import { StatusInteractionsServiceClient } from "@starling/proto/statuses/v1/interactions";
import { TranslationServiceClient } from "@starling/proto/statuses/v1/translation";
import { ScheduledStatusesServiceClient } from "@starling/proto/statuses/v1/scheduled_statuses";
import { TimelinesServiceClient } from "@starling/proto/timelines/v1/timelines";
import { NotificationsServiceClient } from "@starling/proto/timelines/v1/notifications";
import { MarkersServiceClient } from "@starling/proto/timelines/v1/markers";
import { ListsServiceClient } from "@starling/proto/timelines/v1/lists";
import { TagsServiceClient } from "@starling/proto/timelines/v1/tags";
import { ConversationsServiceClient } from "@starling/proto/timelines/v1/conversations";
import { FiltersServiceClient } from "@starling/proto/timelines/v1/filters";
import { FederationServiceClient } from "@starling/proto/federation/v1/federation";
import { TrendsServiceClient } from "@starling/proto/trends/v1/trends";
import { SearchServiceClient } from "@starling/proto/trends/v1/search";
import { DirectoryServiceClient } from "@starling/proto/trends/v1/directory";
import { SuggestionsServiceClient } from "@starling/proto/trends/v1/suggestions";
import { AuditLogServiceClient } from "@starling/proto/moderation/v1/audit_log";
import { CanonicalEmailBlocksServiceClient, DomainAllowsServiceClient, DomainBlocksServiceClient, EmailDomainBlocksServiceClient, IpBlocksServiceClient } from "@starling/proto/moderation/v1/blocks";
import { RulesServiceClient } from "@starling/proto/moderation/v1/rules";
import { AnnouncementsServiceClient } from "@starling/proto/moderation/v1/announcements";
import { DashboardServiceClient } from "@starling/proto/moderation/v1/dashboard";
import { WarningPresetsServiceClient } from "@starling/proto/moderation/v1/warning_presets";
import { WebhooksServiceClient } from "@starling/proto/moderation/v1/webhooks";
import { InstanceSettingsServiceClient } from "@starling/proto/moderation/v1/instance_settings";
import { ReportsServiceClient } from "@starling/proto/moderation/v1/reports";
import { AccountActionsServiceClient, StrikesServiceClient } from "@starling/proto/moderation/v1/account_actions";
import { AdminAccountsServiceClient } from "@starling/proto/accounts/v1/admin_accounts";
import { RolesServiceClient } from "@starling/proto/accounts/v1/roles";
import type { GatewayConfig } from "../config.ts";

/** The gRPC clients the gateway calls services with. */
export interface Clients {
  accounts: AsyncClient<AccountsServiceClient>;
  oauth: AsyncClient<OAuthServiceClient>;
  sessions: AsyncClient<SessionsServiceClient>;
  security: AsyncClient<SecurityServiceClient>;
  follows: AsyncClient<FollowsServiceClient>;
  relationships: AsyncClient<RelationshipsServiceClient>;
  registration: AsyncClient<RegistrationServiceClient>;
  profiles: AsyncClient<ProfilesServiceClient>;
  push: AsyncClient<PushServiceClient>;
  statuses: AsyncClient<StatusesServiceClient>;
  polls: AsyncClient<PollsServiceClient>;
  customEmojis: AsyncClient<CustomEmojisServiceClient>;
  featuredTags: AsyncClient<FeaturedTagsServiceClient>;
  statusEdits: AsyncClient<StatusEditsServiceClient>;
  interactions: AsyncClient<StatusInteractionsServiceClient>;
  translation: AsyncClient<TranslationServiceClient>;
  scheduledStatuses: AsyncClient<ScheduledStatusesServiceClient>;
  timelines: AsyncClient<TimelinesServiceClient>;
  notifications: AsyncClient<NotificationsServiceClient>;
  markers: AsyncClient<MarkersServiceClient>;
  lists: AsyncClient<ListsServiceClient>;
  tags: AsyncClient<TagsServiceClient>;
  conversations: AsyncClient<ConversationsServiceClient>;
  filters: AsyncClient<FiltersServiceClient>;
  media: AsyncClient<MediaServiceClient>;
  previewCards: AsyncClient<PreviewCardsServiceClient>;
  federation: AsyncClient<FederationServiceClient>;
  auditLog: AsyncClient<AuditLogServiceClient>;
  domainBlocks: AsyncClient<DomainBlocksServiceClient>;
  domainAllows: AsyncClient<DomainAllowsServiceClient>;
  ipBlocks: AsyncClient<IpBlocksServiceClient>;
  emailDomainBlocks: AsyncClient<EmailDomainBlocksServiceClient>;
  canonicalEmailBlocks: AsyncClient<CanonicalEmailBlocksServiceClient>;
  rules: AsyncClient<RulesServiceClient>;
  announcements: AsyncClient<AnnouncementsServiceClient>;
  warningPresets: AsyncClient<WarningPresetsServiceClient>;
  reports: AsyncClient<ReportsServiceClient>;
  accountActions: AsyncClient<AccountActionsServiceClient>;
  strikes: AsyncClient<StrikesServiceClient>;
  dashboard: AsyncClient<DashboardServiceClient>;
  adminAccounts: AsyncClient<AdminAccountsServiceClient>;
  roles: AsyncClient<RolesServiceClient>;
  webhooks: AsyncClient<WebhooksServiceClient>;
  instanceSettings: AsyncClient<InstanceSettingsServiceClient>;
  trends: AsyncClient<TrendsServiceClient>;
  search: AsyncClient<SearchServiceClient>;
  directory: AsyncClient<DirectoryServiceClient>;
  suggestions: AsyncClient<SuggestionsServiceClient>;
}

/** Connects to every service the gateway forwards to, each call bounded by the gRPC deadline. */
export function connectClients(config: GatewayConfig): Clients {
  const defaults = { deadlineMs: config.GRPC_DEADLINE_MS };
  return {
    accounts: connectService(AccountsServiceClient, config.ACCOUNTS_GRPC_URL, defaults),
    oauth: connectService(OAuthServiceClient, config.ACCOUNTS_GRPC_URL, defaults),
    sessions: connectService(SessionsServiceClient, config.ACCOUNTS_GRPC_URL, defaults),
    security: connectService(SecurityServiceClient, config.ACCOUNTS_GRPC_URL, defaults),
    follows: connectService(FollowsServiceClient, config.ACCOUNTS_GRPC_URL, defaults),
    relationships: connectService(RelationshipsServiceClient, config.ACCOUNTS_GRPC_URL, defaults),
    registration: connectService(RegistrationServiceClient, config.ACCOUNTS_GRPC_URL, defaults),
    profiles: connectService(ProfilesServiceClient, config.ACCOUNTS_GRPC_URL, defaults),
    push: connectService(PushServiceClient, config.ACCOUNTS_GRPC_URL, defaults),
    statuses: connectService(StatusesServiceClient, config.STATUSES_GRPC_URL, defaults),
    polls: connectService(PollsServiceClient, config.STATUSES_GRPC_URL, defaults),
    customEmojis: connectService(CustomEmojisServiceClient, config.STATUSES_GRPC_URL, defaults),
    featuredTags: connectService(FeaturedTagsServiceClient, config.STATUSES_GRPC_URL, defaults),
    statusEdits: connectService(StatusEditsServiceClient, config.STATUSES_GRPC_URL, defaults),
    interactions: connectService(StatusInteractionsServiceClient, config.STATUSES_GRPC_URL, defaults),
    translation: connectService(TranslationServiceClient, config.STATUSES_GRPC_URL, defaults),
    scheduledStatuses: connectService(ScheduledStatusesServiceClient, config.STATUSES_GRPC_URL, defaults),
    timelines: connectService(TimelinesServiceClient, config.TIMELINES_GRPC_URL, defaults),
    notifications: connectService(NotificationsServiceClient, config.TIMELINES_GRPC_URL, defaults),
    markers: connectService(MarkersServiceClient, config.TIMELINES_GRPC_URL, defaults),
    lists: connectService(ListsServiceClient, config.TIMELINES_GRPC_URL, defaults),
    tags: connectService(TagsServiceClient, config.TIMELINES_GRPC_URL, defaults),
    conversations: connectService(ConversationsServiceClient, config.TIMELINES_GRPC_URL, defaults),
    filters: connectService(FiltersServiceClient, config.TIMELINES_GRPC_URL, defaults),
    media: connectService(MediaServiceClient, config.MEDIA_GRPC_URL, defaults),
    previewCards: connectService(PreviewCardsServiceClient, config.MEDIA_GRPC_URL, defaults),
    federation: connectService(FederationServiceClient, config.FEDERATION_GRPC_URL, defaults),
    auditLog: connectService(AuditLogServiceClient, config.MODERATION_GRPC_URL, defaults),
    domainBlocks: connectService(DomainBlocksServiceClient, config.MODERATION_GRPC_URL, defaults),
    domainAllows: connectService(DomainAllowsServiceClient, config.MODERATION_GRPC_URL, defaults),
    ipBlocks: connectService(IpBlocksServiceClient, config.MODERATION_GRPC_URL, defaults),
    emailDomainBlocks: connectService(EmailDomainBlocksServiceClient, config.MODERATION_GRPC_URL, defaults),
    canonicalEmailBlocks: connectService(CanonicalEmailBlocksServiceClient, config.MODERATION_GRPC_URL, defaults),
    rules: connectService(RulesServiceClient, config.MODERATION_GRPC_URL, defaults),
    announcements: connectService(AnnouncementsServiceClient, config.MODERATION_GRPC_URL, defaults),
    warningPresets: connectService(WarningPresetsServiceClient, config.MODERATION_GRPC_URL, defaults),
    reports: connectService(ReportsServiceClient, config.MODERATION_GRPC_URL, defaults),
    accountActions: connectService(AccountActionsServiceClient, config.MODERATION_GRPC_URL, defaults),
    strikes: connectService(StrikesServiceClient, config.MODERATION_GRPC_URL, defaults),
    dashboard: connectService(DashboardServiceClient, config.MODERATION_GRPC_URL, defaults),
    adminAccounts: connectService(AdminAccountsServiceClient, config.ACCOUNTS_GRPC_URL, defaults),
    roles: connectService(RolesServiceClient, config.ACCOUNTS_GRPC_URL, defaults),
    webhooks: connectService(WebhooksServiceClient, config.MODERATION_GRPC_URL, defaults),
    instanceSettings: connectService(InstanceSettingsServiceClient, config.MODERATION_GRPC_URL, defaults),
    trends: connectService(TrendsServiceClient, config.TRENDS_GRPC_URL, defaults),
    search: connectService(SearchServiceClient, config.TRENDS_GRPC_URL, defaults),
    directory: connectService(DirectoryServiceClient, config.TRENDS_GRPC_URL, defaults),
    suggestions: connectService(SuggestionsServiceClient, config.TRENDS_GRPC_URL, defaults),
  };
}
