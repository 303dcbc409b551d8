import { createOutboxRelay } from "@starling/events";
import type { InfraProvider } from "@starling/platform";
import { AccountActionsServiceDefinition, StrikesServiceDefinition } from "@starling/proto/moderation/v1/account_actions";
import { AnnouncementsServiceDefinition } from "@starling/proto/moderation/v1/announcements";
import { AuditLogServiceDefinition } from "@starling/proto/moderation/v1/audit_log";
import { DashboardServiceDefinition } from "@starling/proto/moderation/v1/dashboard";
import { CanonicalEmailBlocksServiceDefinition, DomainAllowsServiceDefinition, DomainBlocksServiceDefinition, EmailDomainBlocksServiceDefinition, IpBlocksServiceDefinition } from "@starling/proto/moderation/v1/blocks";
import { ReportsServiceDefinition } from "@starling/proto/moderation/v1/reports";
import { RulesServiceDefinition } from "@starling/proto/moderation/v1/rules";
import { WarningPresetsServiceDefinition } from "@starling/proto/moderation/v1/warning_presets";
import { InstanceSettingsServiceDefinition } from "@starling/proto/moderation/v1/instance_settings";
import { WebhooksServiceDefinition } from "@starling/proto/moderation/v1/webhooks";
import { createIdGenerator, publicBaseUrl, serveService, type ServiceContext, type ServiceEndpoints } from "@starling/runtime";
import { moderationMigrations } from "../migrations/index.ts";
import { connectModerationClients } from "./clients/moderation-clients.ts";
import type { ModerationConfig } from "./config.ts";
import { accountActionsHandlers, strikesHandlers } from "./grpc/account-actions-handlers.ts";
import { announcementsHandlers } from "./grpc/announcements-handlers.ts";
import { auditLogHandlers } from "./grpc/audit-log-handlers.ts";
import { canonicalEmailBlockHandlers, domainAllowHandlers, domainBlockHandlers, emailDomainBlockHandlers, ipBlockHandlers } from "./grpc/block-handlers.ts";
import { reportsHandlers } from "./grpc/reports-handlers.ts";
import { rulesHandlers } from "./grpc/rules-handlers.ts";
import { dashboardHandlers } from "./grpc/dashboard-handlers.ts";
import { startDashboardCountersConsumer } from "./events/dashboard-counters-consumer.ts";
import { warningPresetsHandlers } from "./grpc/warning-presets-handlers.ts";
import { instanceSettingsHandlers } from "./grpc/instance-settings-handlers.ts";
import { webhooksHandlers } from "./grpc/webhooks-handlers.ts";
import { startWebhookEventsConsumer } from "./events/webhook-events-consumer.ts";
import { startWebhookDeliveries } from "./webhooks/deliver-webhooks.ts";
import { webhookObjects } from "./webhooks/webhook-objects.ts";
import type { ModerationDeps } from "./use-cases/deps.ts";
import { startAnnouncementPublisher } from "./workers/announcement-publisher.ts";

/** What to run besides the gRPC server. */
export interface ModerationServiceOptions {
  /** Publish outbox rows on starling.moderation.v1 (default true). */
  relay?: boolean;
  /** Replaces the clock (tests of the 20-day appeal window). */
  now?: () => Date;
  /** Hear events for admin webhooks and deliver them (default true). */
  webhooks?: boolean;
}

/** Where a started moderation service listens, and what it was composed with. */
export interface ModerationEndpoints extends ServiceEndpoints {
  deps: ModerationDeps;
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * Composes the moderation service: its schema, clients of accounts and statuses, the outbox relay to
 * starling.moderation.v1, the dashboard counters' consumer, and its gRPC services (one per area, each in its own proto file under
 * starling/moderation/v1).
 */
export async function startModerationService(config: ModerationConfig, context: ServiceContext, infra: InfraProvider, options: ModerationServiceOptions = {}): Promise<ModerationEndpoints> {
  const db = await infra.database("moderation");
  const ran = await db.migrate(moderationMigrations);
  if (ran.length > 0) context.logger.info({ migrations: ran }, "migrated");
  context.readiness.add("database", () => db.ping());
  const clients = connectModerationClients(config);
  context.shutdown.add("clients", "moderation clients", () => Object.values(clients).forEach((client) => client.close()));
  const deps: ModerationDeps = { db, clients, newId: createIdGenerator(), now: options.now ?? (() => new Date()), nudgeRelay: () => {}, appealWindowMs: config.APPEAL_WINDOW_DAYS * DAY_MS, baseUrl: publicBaseUrl(config), localDomain: config.LOCAL_DOMAIN,
    allowPrivateAddresses: config.ALLOW_PRIVATE_ADDRESSES,
    nudgeWebhooks: () => {},
  };
  if (options.relay !== false) {
    const bus = infra.bus();
    context.readiness.add("event bus", () => bus.ping());
    const relay = createOutboxRelay({ db, bus, logger: context.logger });
    relay.start();
    deps.nudgeRelay = () => relay.nudge();
    context.shutdown.add("workers", "moderation outbox relay", () => relay.stop());
    const counters = await startDashboardCountersConsumer(db, bus);
    context.shutdown.add("workers", "dashboard counters consumer", () => counters.stop());
  }
  const publisher = startAnnouncementPublisher(deps, { intervalMs: config.ANNOUNCEMENTS_INTERVAL_MS, logger: context.logger });
  context.shutdown.add("workers", "moderation announcement publisher", () => publisher.stop());
  if (options.webhooks !== false) await startWebhooks(config, context, infra, deps);
  const endpoints = await serveService(context, config, [
    { definition: AuditLogServiceDefinition, handlers: auditLogHandlers(deps) },
    { definition: DomainBlocksServiceDefinition, handlers: domainBlockHandlers(deps, config.SHOW_DOMAIN_BLOCKS) },
    { definition: DomainAllowsServiceDefinition, handlers: domainAllowHandlers(deps) },
    { definition: IpBlocksServiceDefinition, handlers: ipBlockHandlers(deps) },
    { definition: EmailDomainBlocksServiceDefinition, handlers: emailDomainBlockHandlers(deps) },
    { definition: CanonicalEmailBlocksServiceDefinition, handlers: canonicalEmailBlockHandlers(deps) },
    { definition: RulesServiceDefinition, handlers: rulesHandlers(deps) },
    { definition: WarningPresetsServiceDefinition, handlers: warningPresetsHandlers(deps) },
    { definition: ReportsServiceDefinition, handlers: reportsHandlers(deps) },
    { definition: AccountActionsServiceDefinition, handlers: accountActionsHandlers(deps) },
    { definition: StrikesServiceDefinition, handlers: strikesHandlers(deps) },
    { definition: AnnouncementsServiceDefinition, handlers: announcementsHandlers(deps) },
    { definition: DashboardServiceDefinition, handlers: dashboardHandlers(deps) },
    { definition: WebhooksServiceDefinition, handlers: webhooksHandlers(deps) },
    { definition: InstanceSettingsServiceDefinition, handlers: instanceSettingsHandlers(deps) },
  ]);
  return { ...endpoints, deps };
}

/** The admin webhooks' worker: a consumer that queues deliveries, and the loop that sends them. */
async function startWebhooks(config: ModerationConfig, context: ServiceContext, infra: InfraProvider, deps: ModerationDeps): Promise<void> {
  // A claimed delivery is leased for a minute, well past a POST's 10 s deadline: only a worker that
  // died mid-POST leaves one to another pass.
  const timing = { timeoutMs: 10_000, leaseMs: 60_000 };
  const deliveries = startWebhookDeliveries(deps, { retryBaseMs: config.WEBHOOK_RETRY_BASE_MS, maxAttempts: config.WEBHOOK_MAX_ATTEMPTS, intervalMs: config.WEBHOOK_INTERVAL_MS, ...timing, logger: context.logger });
  deps.nudgeWebhooks = () => deliveries.nudge();
  context.shutdown.add("workers", "moderation webhook deliveries", () => deliveries.stop());
  const objects = webhookObjects(deps, deps.clients, { baseUrl: deps.baseUrl, viewerSecret: config.VIEWER_TOKEN_SECRET });
  const consumer = await startWebhookEventsConsumer(deps, objects, infra.bus());
  context.shutdown.add("workers", "moderation webhook events consumer", () => consumer.stop());
}
