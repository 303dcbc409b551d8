import { createOutboxRelay } from "@starling/events";
import type { InfraProvider } from "@starling/platform";
import { AccountsServiceService } from "@starling/proto/accounts/v1/accounts";
import { createIdGenerator, serveService, type ServiceContext, type ServiceEndpoints } from "@starling/runtime";
import { accountsMigrations } from "../migrations/index.ts";
import type { AccountsConfig } from "./config.ts";
import { join } from "node:path";
import { localUrls } from "./domain/account.ts";
import { startStatusCountersConsumer } from "./events/status-counters-consumer.ts";
import { accountsHandlers } from "./grpc/accounts-handlers.ts";
import { createMailer } from "./mail/mailer.ts";
import type { AccountsDeps } from "./use-cases/deps.ts";

/** What to run besides the gRPC server. */
export interface AccountsServiceOptions {
  /** Publish outbox rows (default true). The CLI turns it off so a running server's relay publishes them. */
  relay?: boolean;
  /** Run the event consumers (default true). */
  consumers?: boolean;
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
  const deps: AccountsDeps = { db, newId: createIdGenerator(), nudge: () => {}, urls: localUrls(config.LOCAL_DOMAIN, config.LOCAL_HTTPS), now: () => new Date(), mailer: createMailer({ smtpUrl: config.SMTP_URL, mailboxDir: config.MAILBOX_DIR ?? join(config.DATA_DIR, "mailbox"), from: config.MAIL_FROM }) };
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
  }
  return serveService(context, config, [{ definition: AccountsServiceService, handlers: accountsHandlers(deps) }]);
}
