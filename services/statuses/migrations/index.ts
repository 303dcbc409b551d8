import type { Migration } from "@starling/db";
import { inboxMigration, outboxMigration } from "@starling/events";
import { createStatuses } from "./0001-create-statuses.ts";
import { createIdempotencyKeys } from "./0002-create-idempotency-keys.ts";
import { addStatusMediaIds } from "./0003-add-status-media-ids.ts";

/** The statuses schema's history, in order. Append only; never rename or reorder a released step. */
export const statusesMigrations: Migration[] = [outboxMigration, inboxMigration, createStatuses, createIdempotencyKeys, addStatusMediaIds];
