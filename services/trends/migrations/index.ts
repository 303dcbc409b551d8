import type { Migration } from "@starling/db";
import { inboxMigration, outboxMigration } from "@starling/events";
import { createTrendReadModels } from "./0001-create-trend-read-models.ts";
import { createSearchStatuses } from "./0100-create-search-statuses.ts";
import { createSearchAccounts } from "./0101-create-search-accounts.ts";
import { createSuggestions } from "./0102-create-suggestions.ts";
import { createSearchExclusions } from "./0220-create-search-exclusions.ts";
import { addTrendServerSilences } from "./0200-add-trend-server-silences.ts";
import { addSearchHiddenAuthors } from "./0260-add-search-hidden-authors.ts";

/**
 * The trends schema's history, in order. Append only; never rename or reorder a released step.
 * Trends' own steps are numbered 0001–0049, search/directory/suggestions' 0050–0099.
 */
export const trendsMigrations: Migration[] = [outboxMigration, inboxMigration, createTrendReadModels, createSearchStatuses, createSearchAccounts, createSuggestions, createSearchExclusions, addTrendServerSilences, addSearchHiddenAuthors];
