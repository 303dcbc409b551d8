import type { Migration } from "@starling/db";
import { inboxMigration, outboxMigration } from "@starling/events";
import { createAccounts } from "./0001-create-accounts.ts";
import { createOauth } from "./0002-create-oauth.ts";
import { createFollows } from "./0003-create-follows.ts";

/** The accounts schema history, in order. Names are stable forever once released. */
export const accountsMigrations: readonly Migration[] = [outboxMigration, inboxMigration, createAccounts, createOauth, createFollows];
