import type { Migration } from "@starling/db";
import { inboxMigration, outboxMigration } from "@starling/events";
import { createReadModels } from "./0001-create-read-models.ts";
import { createBlocksAndMutes } from "./0002-create-blocks-and-mutes.ts";
import { addReblogsToIndex } from "./0003-add-reblogs-to-index.ts";
import { createNotificationsAndMarkers } from "./0004-create-notifications-and-markers.ts";
import { createLists } from "./0005-create-lists.ts";
import { createHashtags } from "./0006-create-hashtags.ts";
import { createConversations } from "./0007-create-conversations.ts";
import { addEditedAtToIndex } from "./0008-add-edited-at-to-index.ts";
import { createFilters } from "./0009-create-filters.ts";
import { createInstanceSilences } from "./0050-create-instance-silences.ts";
import { createAccountRestrictions } from "./0010-create-account-restrictions.ts";

/** Schema history of the timelines service, in order. */
export const timelinesMigrations: readonly Migration[] = [inboxMigration, createReadModels, createBlocksAndMutes, addReblogsToIndex, outboxMigration, createNotificationsAndMarkers, createLists, createHashtags, createConversations, addEditedAtToIndex, createFilters, createInstanceSilences, createAccountRestrictions];
