import { createOutboxRelay } from "@starling/events";
import type { InfraProvider } from "@starling/platform";
import { createIdGenerator, serveService, type ServiceContext, type ServiceEndpoints } from "@starling/runtime";
import { StatusesServiceDefinition } from "@starling/proto/statuses/v1/statuses";
import { CustomEmojisServiceDefinition } from "@starling/proto/statuses/v1/custom_emojis";
import { statusesMigrations } from "../migrations/index.ts";
import type { StatusesConfig } from "./config.ts";
import { baseUrl } from "./domain/status-urls.ts";
import { accountsDirectory, connectAccounts, connectProfiles } from "./clients/accounts-directory.ts";
import { connectMedia, mediaAttacher } from "./clients/media-attacher.ts";
import { statusesHandlers } from "./grpc/statuses-handlers.ts";
import { startAccountDeletionsConsumer } from "./events/account-deletions-consumer.ts";
import { statusEditsHandlers } from "./grpc/status-edits-handlers.ts";
import { StatusEditsServiceDefinition } from "@starling/proto/statuses/v1/status_edits";
import { PollsServiceDefinition } from "@starling/proto/statuses/v1/polls";
import { pollsHandlers } from "./grpc/polls-handlers.ts";
import { customEmojisHandlers } from "./grpc/custom-emojis-handlers.ts";
import { startCardLinksConsumer } from "./events/card-links-consumer.ts";
import { startRejectedMediaConsumer } from "./events/rejected-media-consumer.ts";
import { StatusInteractionsServiceDefinition } from "@starling/proto/statuses/v1/interactions";
import { interactionsHandlers } from "./grpc/interactions-handlers.ts";
import { ScheduledStatusesServiceDefinition } from "@starling/proto/statuses/v1/scheduled_statuses";
import { scheduledStatusesHandlers } from "./grpc/scheduled-statuses-handlers.ts";
import { startScheduledStatusPublisher } from "./workers/scheduled-status-publisher.ts";
import { startPollEndAnnouncer } from "./workers/poll-end-announcer.ts";
import { TranslationServiceDefinition } from "@starling/proto/statuses/v1/translation";
import { translationHandlers } from "./grpc/translation-handlers.ts";
import { configuredTranslator } from "./translation/configured-translator.ts";
import { FederatedStatusesServiceDefinition } from "@starling/proto/statuses/v1/federated_statuses";
import { connectPreviewCards } from "./clients/preview-cards-client.ts";
import { statusPageCopies } from "./read-models/status-page-copies.ts";
import { startPageCopiesConsumer } from "./read-models/status-page-copies-consumer.ts";
import { startFilterCopiesConsumer } from "./read-models/filter-copies-consumer.ts";
import { viewerFilters } from "./read-models/viewer-filters.ts";
import { federatedStatusesHandlers } from "./grpc/federated-statuses-handlers.ts";
import { cacheStatusPages } from "./data/status-page-cache.ts";
import { FeaturedTagsServiceDefinition } from "@starling/proto/statuses/v1/featured_tags";
import { featuredTagsHandlers } from "./grpc/featured-tags-handlers.ts";

// Events drop a copy when its entity changes; this only bounds the rare copy fetched just before a
// change and stored just after its event (see EntityCopiesOptions.ttlMs).
const COPY_TTL_MS = 10 * 60_000;

/** Options of {@link startStatusesService}. */
export interface StartStatusesOptions {
  /** Run the outbox relay in this process (default true); a second replica may leave it off. */
  relay?: boolean;
  /** The clock of the use cases (default the system's); tests move it to close polls. */
  now?: () => Date;
}

/**
 * Composes the statuses service: its schema (migrated on start), the outbox relay publishing
 * status events, the accounts client, and StatusesService on gRPC.
 */
export async function startStatusesService(
  config: StatusesConfig,
  context: ServiceContext,
  infra: InfraProvider,
  options: StartStatusesOptions = {},
): Promise<ServiceEndpoints> {
  const db = await infra.database("statuses");
  await db.migrate(statusesMigrations);
  context.readiness.add("database", () => db.ping());
  const bus = infra.bus();
  context.readiness.add("event bus", () => bus.ping());
  const relay = createOutboxRelay({ db, bus, logger: context.logger });
  if (options.relay ?? true) {
    relay.start();
    context.shutdown.add("workers", "statuses outbox relay", () => relay.stop());
  }
  const cardLinks = await startCardLinksConsumer(db, bus);
  context.shutdown.add("workers", "statuses card-links consumer", () => cardLinks.stop());
  const client = connectAccounts(config.ACCOUNTS_GRPC_URL, config.GRPC_DEADLINE_MS);
  context.shutdown.add("clients", "accounts client", () => client.close());
  const profiles = connectProfiles(config.ACCOUNTS_GRPC_URL, config.GRPC_DEADLINE_MS);
  context.shutdown.add("clients", "profiles client", () => profiles.close());
  const media = connectMedia(config.MEDIA_GRPC_URL, config.GRPC_DEADLINE_MS);
  context.shutdown.add("clients", "media client", () => media.close());
  const cards = connectPreviewCards(config.MEDIA_GRPC_URL, config.GRPC_DEADLINE_MS);
  context.shutdown.add("clients", "preview cards client", () => cards.close());
  const copies = statusPageCopies(infra.kv(), { accounts: client, media, cards }, COPY_TTL_MS);
  cacheStatusPages(db, infra.kv(), COPY_TTL_MS);
  const pageCopies = await startPageCopiesConsumer(bus, copies);
  context.shutdown.add("workers", "statuses page-copies consumer", () => pageCopies.stop());
  const filters = viewerFilters(db, infra.kv());
  const filterCopies = await startFilterCopiesConsumer(bus, filters);
  context.shutdown.add("workers", "statuses filter-copies consumer", () => filterCopies.stop());
  const deps = {
    db,
    accounts: copies.standings.wrap(accountsDirectory(client, profiles)),
    media: mediaAttacher(media),
    copies,
    filters,
    relay,
    newId: createIdGenerator(),
    baseUrl: baseUrl(config.LOCAL_DOMAIN, config.LOCAL_HTTPS),
    now: options.now ?? (() => new Date()),
    pollMinExpirationSeconds: config.POLL_MIN_EXPIRATION_SECONDS,
  };
  const accountDeletions = await startAccountDeletionsConsumer(bus, deps);
  context.shutdown.add("workers", "statuses account-deletions consumer", () => accountDeletions.stop());
  const rejectedMedia = await startRejectedMediaConsumer(bus, db);
  context.shutdown.add("workers", "statuses rejected-media consumer", () => rejectedMedia.stop());
  const scheduling = { ...deps, minScheduleLeadMs: config.SCHEDULED_STATUSES_MIN_LEAD_MS };
  const publisher = startScheduledStatusPublisher(deps, { intervalMs: config.SCHEDULED_STATUSES_INTERVAL_MS, viewerSecret: config.VIEWER_TOKEN_SECRET, logger: context.logger });
  context.shutdown.add("workers", "statuses scheduled-status publisher", () => publisher.stop());
  const pollEnds = startPollEndAnnouncer(deps, { intervalMs: config.POLLS_ENDED_INTERVAL_MS, logger: context.logger });
  context.shutdown.add("workers", "statuses poll end announcer", () => pollEnds.stop());
  return serveService(context, config, [{ definition: StatusesServiceDefinition, handlers: statusesHandlers(deps, config.VIEWER_TOKEN_SECRET) }, { definition: StatusEditsServiceDefinition, handlers: statusEditsHandlers(deps) }, { definition: CustomEmojisServiceDefinition, handlers: customEmojisHandlers(deps) }, { definition: PollsServiceDefinition, handlers: pollsHandlers(deps) }, { definition: StatusInteractionsServiceDefinition, handlers: interactionsHandlers(deps) }, { definition: ScheduledStatusesServiceDefinition, handlers: scheduledStatusesHandlers(scheduling) }, { definition: TranslationServiceDefinition, handlers: translationHandlers({ ...deps, translator: configuredTranslator(config, deps.now) }) }, { definition: FederatedStatusesServiceDefinition, handlers: federatedStatusesHandlers(deps) }, { definition: FeaturedTagsServiceDefinition, handlers: featuredTagsHandlers(deps) }]);
}
