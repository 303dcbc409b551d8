import type { Migration } from "@starling/db";

// Follows and pending follow requests share one shape.
async function createFollowTable(knex: Parameters<Migration["up"]>[0], schema: string, table: string): Promise<void> {
  await knex.schema.withSchema(schema).createTable(table, (t) => {
    t.bigInteger("id").primary();
    t.bigInteger("account_id").notNullable().references("id").inTable(`${schema}.accounts`);
    t.bigInteger("target_account_id").notNullable().references("id").inTable(`${schema}.accounts`);
    t.boolean("show_reblogs").notNullable().defaultTo(true);
    t.boolean("notify").notNullable().defaultTo(false);
    t.text("languages"); // JSON array of ISO 639-1 codes; null means every language
    t.timestamp("created_at", { useTz: true }).notNullable();
    t.unique(["account_id", "target_account_id"]);
    t.index(["target_account_id"]);
  });
}

/** Follows and follow requests between accounts. */
export const createFollows: Migration = {
  name: "0003_create_follows",
  async up(knex, schema) {
    await createFollowTable(knex, schema, "follows");
    await createFollowTable(knex, schema, "follow_requests");
  },
};
