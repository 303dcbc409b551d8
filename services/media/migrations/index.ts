import type { Migration } from "@starling/db";
import { outboxMigration } from "@starling/events";
import { createMediaAttachments } from "./0001-create-media-attachments.ts";

/** The media schema's history, in order. Append only; never rename or reorder a released step. */
export const mediaMigrations: Migration[] = [outboxMigration, createMediaAttachments];
