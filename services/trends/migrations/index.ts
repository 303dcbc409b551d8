import type { Migration } from "@starling/db";
import { inboxMigration, outboxMigration } from "@starling/events";
import { createTrendReadModels } from "./0001-create-trend-read-models.ts";

/**
 * The trends schema's history, in order. Append only; never rename or reorder a released step.
 * Trends' own steps are numbered 0001–0049, search/directory/suggestions' 0050–0099.
 */
export const trendsMigrations: Migration[] = [outboxMigration, inboxMigration, createTrendReadModels];
