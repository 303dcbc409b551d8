import type { Migration } from "@starling/db";

/**
 * Notifications and markers, which the timelines service owns (architecture §1), and the read-model
 * facts deciding who gets a notification: `notify` on follows (status notifications), whether a
 * mute hides notifications, remote accounts' domains, the domains each account blocks, and
 * conversation mutes with each status's conversation root.
 */
export const createNotificationsAndMarkers: Migration = {
  name: "0004_create_notifications_and_markers",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("notifications", (table) => {
      // Time-ordered ids, so the newest-first pages of @starling/paging follow creation order.
      table.bigInteger("id").primary();
      // The recipient.
      table.bigInteger("account_id").notNullable();
      table.text("type").notNullable();
      table.bigInteger("from_account_id").notNullable();
      table.bigInteger("status_id");
      table.bigInteger("report_id");
      // What caused it (`favourite:<id>`, `mention:<status id>`, ...): one notification per cause and recipient.
      table.text("activity").notNullable();
      table.timestamp("created_at", { useTz: true }).notNullable();
      table.unique(["account_id", "activity"]);
      table.index(["account_id", "id"]);
      // A deleted status takes its notifications with it.
      table.index(["status_id"]);
    });
    await knex.schema.withSchema(schema).createTable("markers", (table) => {
      table.bigInteger("account_id").notNullable();
      // home or notifications.
      table.text("timeline").notNullable();
      table.bigInteger("last_read_id").notNullable();
      table.bigInteger("version").notNullable();
      table.timestamp("updated_at", { useTz: true }).notNullable();
      table.primary(["account_id", "timeline"]);
    });
    // Domains of remote accounts (account.created): an account missing here is taken as local.
    await knex.schema.withSchema(schema).createTable("remote_accounts", (table) => {
      table.bigInteger("account_id").primary();
      table.text("domain").notNullable();
    });
    // Domains each account blocks (domain_block.*); rows stay when a block ends so a late event loses.
    await knex.schema.withSchema(schema).createTable("domain_blocks", (table) => {
      table.bigInteger("account_id").notNullable();
      table.text("domain").notNullable();
      table.boolean("active").notNullable();
      table.timestamp("changed_at", { useTz: true }).notNullable();
      table.primary(["account_id", "domain"]);
    });
    // Conversation mutes (conversation.*), by thread root; rows stay when a mute ends so a late event loses.
    await knex.schema.withSchema(schema).createTable("conversation_mutes", (table) => {
      table.bigInteger("account_id").notNullable();
      table.bigInteger("root_status_id").notNullable();
      table.boolean("active").notNullable();
      table.timestamp("changed_at", { useTz: true }).notNullable();
      table.primary(["account_id", "root_status_id"]);
    });
    await knex.schema.withSchema(schema).alterTable("statuses_index", (table) => {
      // The thread root status.created names; null for statuses indexed before it did.
      table.bigInteger("conversation_root_id");
    });
    await knex.schema.withSchema(schema).alterTable("follows", (table) => {
      table.boolean("notify").notNullable().defaultTo(false);
    });
    await knex.schema.withSchema(schema).alterTable("blocks_and_mutes", (table) => {
      // Mutes only: Mastodon's mute `notifications` option (true by default). Blocks always hide them.
      table.boolean("hide_notifications").notNullable().defaultTo(true);
    });
  },
  async down(knex, schema) {
    await knex.schema.withSchema(schema).alterTable("statuses_index", (table) => table.dropColumn("conversation_root_id"));
    await knex.schema.withSchema(schema).alterTable("blocks_and_mutes", (table) => table.dropColumn("hide_notifications"));
    await knex.schema.withSchema(schema).alterTable("follows", (table) => table.dropColumn("notify"));
    for (const name of ["conversation_mutes", "domain_blocks", "remote_accounts", "markers", "notifications"]) await knex.schema.withSchema(schema).dropTableIfExists(name);
  },
};
