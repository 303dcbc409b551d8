import type { Migration } from "@starling/db";
import { inboxMigration, outboxMigration } from "@starling/events";
import { createMediaAttachments } from "./0001-create-media-attachments.ts";
import { createPreviewCards } from "./0002-create-preview-cards.ts";
import { addMediaReservations } from "./0003-add-media-reservations.ts";
import { addRemoteMediaKey } from "./0004-add-remote-media-key.ts";
import { addRemoteMediaCache } from "./0005-add-remote-media-cache.ts";

/** The media schema's history, in order. Append only; never rename or reorder a released step. */
export const mediaMigrations: Migration[] = [outboxMigration, createMediaAttachments, inboxMigration, createPreviewCards, addMediaReservations, addRemoteMediaKey, addRemoteMediaCache];
