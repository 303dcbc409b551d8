import { createOutboxRelay } from "@starling/events";
import type { InfraProvider } from "@starling/platform";
import { AccountsServiceService } from "@starling/proto/accounts/v1/accounts";
import { RegistrationServiceService } from "@starling/proto/accounts/v1/registration";
import { OAuthServiceService } from "@starling/proto/accounts/v1/oauth";
import { SessionsServiceService } from "@starling/proto/accounts/v1/sessions";
import { SecurityServiceService } from "@starling/proto/accounts/v1/security";
import { FollowsServiceService } from "@starling/proto/accounts/v1/follows";
import { RelationshipsServiceService } from "@starling/proto/accounts/v1/relationships";
import { FederatedAccountsServiceService } from "@starling/proto/accounts/v1/federated_accounts";
import { createIdGenerator, publicBaseUrl, serveService, type ServiceContext, type ServiceEndpoints } from "@starling/runtime";
import { accountsMigrations } from "../migrations/index.ts";
import type { AccountsConfig } from "./config.ts";
import { join } from "node:path";
import { localUrls } from "./domain/account.ts";
import { startStatusCountersConsumer } from "./events/status-counters-consumer.ts";
import { startModerationBlocksConsumer } from "./events/moderation-blocks-consumer.ts";
import { accountsHandlers } from "./grpc/accounts-handlers.ts";
import { profilesHandlers } from "./grpc/profiles-handlers.ts";
import { composeProfiles } from "./compose-profiles.ts";
import { ProfilesServiceService } from "@starling/proto/accounts/v1/profiles";
import { registrationHandlers } from "./grpc/registration-handlers.ts";
import { oauthHandlers } from "./grpc/oauth-handlers.ts";
import { sessionsHandlers } from "./grpc/sessions-handlers.ts";
import { securityHandlers } from "./grpc/security-handlers.ts";
import { followsHandlers } from "./grpc/follows-handlers.ts";
import { relationshipsHandlers } from "./grpc/relationships-handlers.ts";
import { federatedAccountsHandlers } from "./grpc/federated-accounts-handlers.ts";
import { startMuteExpiry } from "./workers/mute-expiry.ts";
import { createMailer } from "./mail/mailer.ts";
import { PushServiceService } from "@starling/proto/accounts/v1/push";
import { pushHandlers } from "./grpc/push-handlers.ts";
import { startNotificationDeliveriesConsumer } from "./events/notification-deliveries-consumer.ts";
import { startNotificationDelivery } from "./workers/notification-delivery.ts";
import { vapidSubject } from "./mail/mailer.ts";
import { connectStatusTexts } from "./clients/status-texts.ts";
import type { AccountsDeps } from "./use-cases/deps.ts";

/** What to run besides the gRPC server. */
export interface AccountsServiceOptions {
  /** Publish outbox rows (default true). The CLI turns it off so a running server's relay publishes them. */
  relay?: boolean;
  /** Run the event consumers (default true). */
  consumers?: boolean;
  /** How often run-out mutes are swept (default 1 s); tests shorten it. Off with the consumers. */
  muteExpiryIntervalMs?: number;
  /** How often the push and e-mail queue is looked at besides when a notification arrives (default 5 s). */
  deliveryIntervalMs?: number;
  /** Where the statuses service will answer, when it starts after this one (the embedded run); else STATUSES_GRPC_URL. */
  statusesAddress?: Promise<string>;
}

/**
 * Composes the accounts service: migrates its schema, starts the outbox relay and the
 * status-counter consumer, and serves AccountsService.
 */
export async function startAccountsService(config: AccountsConfig, context: ServiceContext, infra: InfraProvider, options: AccountsServiceOptions = {}): Promise<ServiceEndpoints> {
  const db = await infra.database("accounts");
  const ran = await db.migrate(accountsMigrations);
  if (ran.length > 0) context.logger.info({ migrations: ran }, "migrated");
  context.readiness.add("database", () => db.ping());
  const mailboxDir = config.MAILBOX_DIR ?? join(config.DATA_DIR, "mail");
  if (!config.SMTP_URL) context.logger.info({ mailboxDir }, `no SMTP_URL: e-mails are written as .eml files to ${mailboxDir}`);
  const deps: AccountsDeps = { db, newId: createIdGenerator(), nudge: () => {}, urls: localUrls(config.LOCAL_DOMAIN, config.LOCAL_HTTPS), now: () => new Date(), mailer: createMailer({ smtpUrl: config.SMTP_URL, mailboxDir, from: config.SMTP_FROM }) };
  if (options.relay !== false || options.consumers !== false) context.readiness.add("event bus", () => infra.bus().ping());
  if (options.relay !== false) {
    const relay = createOutboxRelay({ db, bus: infra.bus(), logger: context.logger });
    relay.start();
    deps.nudge = () => relay.nudge();
    context.shutdown.add("workers", "accounts outbox relay", () => relay.stop());
  }
  if (options.consumers !== false) {
    const subscription = await startStatusCountersConsumer(db, infra.bus());
    context.shutdown.add("workers", "accounts status-counters consumer", () => subscription.stop());
    const moderationBlocks = await startModerationBlocksConsumer(deps, infra.bus());
    context.shutdown.add("workers", "accounts moderation blocks consumer", () => moderationBlocks.stop());
    const muteExpiry = startMuteExpiry(deps, context.logger, options.muteExpiryIntervalMs);
    context.shutdown.add("workers", "accounts mute expiry", () => muteExpiry.stop());
    const delivery = startNotificationDelivery(deps, { subject: vapidSubject(config.SMTP_FROM), allowPrivate: config.ALLOW_PRIVATE_ADDRESSES }, context.logger, options.deliveryIntervalMs);
    context.shutdown.add("workers", "accounts notification delivery", () => delivery.stop());
    const statusTexts = connectStatusTexts(options.statusesAddress ?? config.STATUSES_GRPC_URL, config.VIEWER_TOKEN_SECRET, config.GRPC_DEADLINE_MS);
    context.shutdown.add("clients", "accounts statuses client", () => statusTexts.close());
    const notifications = await startNotificationDeliveriesConsumer(deps, statusTexts, infra.bus(), () => void delivery.runNow());
    context.shutdown.add("workers", "accounts notification deliveries consumer", () => notifications.stop());
  }
  return serveService(context, config, [{ definition: AccountsServiceService, handlers: accountsHandlers(deps) }, { definition: ProfilesServiceService, handlers: profilesHandlers(composeProfiles(deps, config, context, { workers: options.consumers !== false })) }, { definition: RegistrationServiceService, handlers: registrationHandlers(deps, { mode: config.REGISTRATIONS_MODE, baseUrl: publicBaseUrl(config), logger: context.logger }) }, { definition: SecurityServiceService, handlers: securityHandlers(deps) }, { definition: OAuthServiceService, handlers: oauthHandlers(deps) }, { definition: SessionsServiceService, handlers: sessionsHandlers(deps) }, { definition: FollowsServiceService, handlers: followsHandlers(deps) }, { definition: RelationshipsServiceService, handlers: relationshipsHandlers(deps, { localDomain: config.LOCAL_DOMAIN }) }, { definition: FederatedAccountsServiceService, handlers: federatedAccountsHandlers(deps) }, { definition: PushServiceService, handlers: pushHandlers(deps) }]);
}
