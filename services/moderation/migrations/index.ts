import type { Migration } from "@starling/db";
import { inboxMigration, outboxMigration } from "@starling/events";
import { createAuditLog } from "./0001-create-audit-log.ts";
import { createBlocks } from "./0050-create-blocks.ts";
import { createRules } from "./0002-create-rules.ts";
import { createReports } from "./0003-create-reports.ts";
import { createStrikesAndAppeals } from "./0004-create-strikes-and-appeals.ts";
import { createAnnouncements } from "./0120-create-announcements.ts";
import { createDashboardCounters } from "./0130-create-dashboard-counters.ts";
import { createWarningPresets } from "./0140-create-warning-presets.ts";
import { createWebhooks } from "./0100-create-webhooks.ts";
import { createInstanceSettings } from "./0101-create-instance-settings.ts";
import { addWebhookDeliveryState } from "./0210-add-webhook-delivery-state.ts";
import { createDashboardMedia } from "./0211-create-dashboard-media.ts";
import { republishDomainAllows } from "./0280-republish-domain-allows.ts";

/** The moderation schema's history, in order. Append only; never rename or reorder a released step. */
export const moderationMigrations: Migration[] = [outboxMigration, inboxMigration, createAuditLog, createBlocks, createRules, createReports, createStrikesAndAppeals, createAnnouncements, createDashboardCounters, createWarningPresets, createWebhooks, createInstanceSettings, addWebhookDeliveryState, createDashboardMedia, republishDomainAllows];
