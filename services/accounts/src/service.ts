import { createOutboxRelay } from "@starling/events";
import type { InfraProvider } from "@starling/platform";
import { AccountsServiceDefinition } from "@starling/proto/accounts/v1/accounts";
import { RegistrationServiceDefinition } from "@starling/proto/accounts/v1/registration";
import { OAuthServiceDefinition } from "@starling/proto/accounts/v1/oauth";
import { SessionsServiceDefinition } from "@starling/proto/accounts/v1/sessions";
import { SecurityServiceDefinition } from "@starling/proto/accounts/v1/security";
import { FollowsServiceDefinition } from "@starling/proto/accounts/v1/follows";
import { RelationshipsServiceDefinition } from "@starling/proto/accounts/v1/relationships";
import { FederatedAccountsServiceDefinition } from "@starling/proto/accounts/v1/federated_accounts";
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
import { ProfilesServiceDefinition } from "@starling/proto/accounts/v1/profiles";
import { registrationHandlers } from "./grpc/registration-handlers.ts";
import { oauthHandlers } from "./grpc/oauth-handlers.ts";
import { sessionsHandlers } from "./grpc/sessions-handlers.ts";
import { securityHandlers } from "./grpc/security-handlers.ts";
import { followsHandlers } from "./grpc/follows-handlers.ts";
import { relationshipsHandlers } from "./grpc/relationships-handlers.ts";
import { federatedAccountsHandlers } from "./grpc/federated-accounts-handlers.ts";
import { startMuteExpiry } from "./workers/mute-expiry.ts";
import { startSuspensionPurge } from "./workers/suspension-purge.ts";
import { createMailer } from "./mail/mailer.ts";
import { PushServiceDefinition } from "@starling/proto/accounts/v1/push";
import { AdminAccountsServiceDefinition } from "@starling/proto/accounts/v1/admin_accounts";
import { adminAccountsHandlers } from "./grpc/admin-accounts-handlers.ts";
import { RolesServiceDefinition } from "@starling/proto/accounts/v1/roles";
import { rolesHandlers } from "./grpc/roles-handlers.ts";
import { pushHandlers } from "./grpc/push-handlers.ts";
import { startNotificationDeliveriesConsumer } from "./events/notification-deliveries-consumer.ts";
import { startNotificationDelivery } from "./workers/notification-delivery.ts";
import { vapidSubject } from "./mail/mailer.ts";
import { connectStatusTexts } from "./clients/status-texts.ts";
import type { AccountsDeps } from "./use-cases/deps.ts";
import { mailHostLookup } from "./mail/mail-hosts.ts";

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
    const moderationBlocks = await startModerationBlocksConsumer(deps, infra.bus(), { limitedFederation: config.LIMITED_FEDERATION_MODE });
    context.shutdown.add("workers", "accounts moderation blocks consumer", () => moderationBlocks.stop());
    const muteExpiry = startMuteExpiry(deps, context.logger, options.muteExpiryIntervalMs);
    context.shutdown.add("workers", "accounts mute expiry", () => muteExpiry.stop());
    const suspensionPurge = startSuspensionPurge(deps, context.logger);
    context.shutdown.add("workers", "accounts suspension purge", () => suspensionPurge.stop());
    const delivery = startNotificationDelivery(deps, { subject: vapidSubject(config.SMTP_FROM), allowPrivate: config.ALLOW_PRIVATE_ADDRESSES }, context.logger, options.deliveryIntervalMs);
    context.shutdown.add("workers", "accounts notification delivery", () => delivery.stop());
    const statusTexts = connectStatusTexts(options.statusesAddress ?? config.STATUSES_GRPC_URL, config.VIEWER_TOKEN_SECRET, config.GRPC_DEADLINE_MS);
    context.shutdown.add("clients", "accounts statuses client", () => statusTexts.close());
    const notifications = await startNotificationDeliveriesConsumer(deps, statusTexts, infra.bus(), () => void delivery.runNow());
    context.shutdown.add("workers", "accounts notification deliveries consumer", () => notifications.stop());
  }
  return serveService(context, config, [{ definition: AccountsServiceDefinition, handlers: accountsHandlers(deps) }, { definition: ProfilesServiceDefinition, handlers: profilesHandlers(composeProfiles(deps, config, context, { workers: options.consumers !== false })) }, { definition: RegistrationServiceDefinition, handlers: registrationHandlers(deps, { defaultMode: config.REGISTRATIONS_MODE, baseUrl: publicBaseUrl(config), logger: context.logger, mailHosts: mailHostLookup({ servers: config.EMAIL_DNS_SERVERS, timeoutMs: config.EMAIL_DNS_TIMEOUT_MS }) }) }, { definition: SecurityServiceDefinition, handlers: securityHandlers(deps) }, { definition: OAuthServiceDefinition, handlers: oauthHandlers(deps) }, { definition: SessionsServiceDefinition, handlers: sessionsHandlers(deps) }, { definition: FollowsServiceDefinition, handlers: followsHandlers(deps) }, { definition: RelationshipsServiceDefinition, handlers: relationshipsHandlers(deps, { localDomain: config.LOCAL_DOMAIN }) }, { definition: FederatedAccountsServiceDefinition, handlers: federatedAccountsHandlers(deps) }, { definition: PushServiceDefinition, handlers: pushHandlers(deps) }, { definition: AdminAccountsServiceDefinition, handlers: adminAccountsHandlers(deps) }, { definition: RolesServiceDefinition, handlers: rolesHandlers(deps) }]);
}
