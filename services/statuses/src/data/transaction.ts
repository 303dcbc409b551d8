import type { Database } from "@starling/db";

/** The transaction `Database.transaction` hands its callback (knex's, without depending on knex here). */
export type Trx = Parameters<Parameters<Database["transaction"]>[0]>[0];
