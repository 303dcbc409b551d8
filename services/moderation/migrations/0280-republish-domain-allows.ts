import { databaseFor, type Migration, type Transaction } from "@starling/db";
import { enqueueEvents } from "@starling/events";
import type { BlockRow } from "../src/data/block-rows-queries.ts";
import { domainAllowEvent } from "../src/use-cases/domain-allows.ts";

// Outbox rows written per statement, well under PostgreSQL's 65,535 bound parameters.
const BATCH = 500;

/**
 * Announces every domain allow again (domain_allow.created): the copies other services started
 * keeping after the allows were made (accounts' 0201, limited-federation lookups) had let those
 * events go by, so on such an install they start empty. Every consumer of the event writes the
 * allow idempotently (a copy already holding it, or its removal, is left as it is).
 */
export const republishDomainAllows: Migration = {
  name: "0280_republish_domain_allows",
  async up(knex, schema) {
    const rows: BlockRow[] = await knex("domain_allows").withSchema(schema).orderBy("id").select("id", "domain", "created_at");
    // The migration's knex is its transaction: the events are written with the migration, or not at all.
    const db = databaseFor(knex, schema);
    for (let i = 0; i < rows.length; i += BATCH) await enqueueEvents(db, knex as Transaction, rows.slice(i, i + BATCH).map((row) => domainAllowEvent("domain_allow.created", row)));
  },
};
