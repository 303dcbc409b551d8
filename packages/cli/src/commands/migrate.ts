import { accountsMigrations } from "@starling/accounts";
import { federationMigrations } from "@starling/federation";
import { mediaMigrations } from "@starling/media";
import { moderationMigrations } from "@starling/moderation";
import { createInfraProvider } from "@starling/platform";
import { createLogger, Shutdown } from "@starling/runtime";
import { statusesMigrations } from "@starling/statuses";
import { timelinesMigrations } from "@starling/timelines";
import { trendsMigrations } from "@starling/trends";
import { loadCliConfig } from "../cli-config.ts";

/** Each service's schema and its migrations, in no particular order: schemas do not depend on each other. */
const SCHEMAS = { accounts: accountsMigrations, statuses: statusesMigrations, timelines: timelinesMigrations, media: mediaMigrations, federation: federationMigrations, moderation: moderationMigrations, trends: trendsMigrations };

/**
 * `starling migrate`: runs every service's pending migrations against DATABASE_URL (or the embedded
 * PostgreSQL in DATA_DIR when no server holds it). Services also migrate at start; this is for deploys
 * that migrate in a Job before rolling out.
 */
export async function migrateCommand(): Promise<void> {
  const config = loadCliConfig();
  const logger = createLogger("migrate", config.LOG_LEVEL);
  const shutdown = new Shutdown(logger, 10_000);
  const urls = { accounts: config.ACCOUNTS_DATABASE_URL, statuses: config.STATUSES_DATABASE_URL, timelines: config.TIMELINES_DATABASE_URL, media: config.MEDIA_DATABASE_URL, federation: config.FEDERATION_DATABASE_URL, moderation: config.MODERATION_DATABASE_URL, trends: config.TRENDS_DATABASE_URL };
  const shared = createInfraProvider(config, { clientId: "starling-migrate", logger, shutdown });
  try {
    for (const [schema, migrations] of Object.entries(SCHEMAS)) {
      const url = urls[schema as keyof typeof urls];
      const infra = url ? createInfraProvider({ ...config, DATABASE_URL: url }, { clientId: "starling-migrate", logger, shutdown }) : shared;
      const ran = await (await infra.database(schema)).migrate(migrations);
      console.log(`${schema}: ${ran.length ? ran.join(", ") : "up to date"}`);
    }
  } finally {
    await shutdown.run("migrate finished");
  }
}
