import type { Migration } from "@starling/db";
import { inboxMigration, outboxMigration } from "@starling/events";
import { createStatuses } from "./0001-create-statuses.ts";
import { createIdempotencyKeys } from "./0002-create-idempotency-keys.ts";
import { addStatusMediaIds } from "./0003-add-status-media-ids.ts";
import { createCustomEmojis } from "./0004-create-custom-emojis.ts";
import { addStatusPreviewCard } from "./0005-add-status-preview-card.ts";
import { createStatusEdits } from "./0006-create-status-edits.ts";
import { createStatusInteractions } from "./0007-create-status-interactions.ts";
import { addStatusTextEntities } from "./0008-add-status-text-entities.ts";
import { createPolls } from "./0009-create-polls.ts";
import { addPollEndAnnouncements } from "./0011-add-poll-end-announcements.ts";
import { createScheduledStatuses } from "./0010-create-scheduled-statuses.ts";
import { createFeaturedTags } from "./0012-create-featured-tags.ts";
import { createFilterCopies } from "./0013-create-filter-copies.ts";

/** The statuses schema's history, in order. Append only; never rename or reorder a released step. */
export const statusesMigrations: Migration[] = [outboxMigration, inboxMigration, createStatuses, createIdempotencyKeys, addStatusMediaIds, createCustomEmojis, addStatusPreviewCard, createStatusEdits, createStatusInteractions, addStatusTextEntities, createPolls, createScheduledStatuses, addPollEndAnnouncements, createFeaturedTags, createFilterCopies];
