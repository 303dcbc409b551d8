import type { Migration } from "@starling/db";

/**
 * Media attachments. A pending row is also the processing job: workers claim it with a lease
 * (lease_until), so a crash mid-processing only delays it until the lease runs out.
 */
export const createMediaAttachments: Migration = {
  name: "0001_create_media_attachments",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("media_attachments", (table) => {
      table.bigInteger("id").primary();
      table.bigInteger("account_id").notNullable();
      table.bigInteger("status_id");
      table.text("type").notNullable();
      table.text("processing").notNullable();
      table.text("description");
      table.double("focus_x");
      table.double("focus_y");
      table.text("upload_key");
      table.text("upload_content_type").notNullable();
      table.text("file_key");
      table.text("small_key");
      table.text("thumbnail_key");
      table.text("thumbnail_blurhash");
      table.text("thumbnail_meta");
      // JSON of { original, small } file meta; text, read back as written.
      table.text("meta").notNullable().defaultTo("{}");
      table.text("blurhash");
      table.text("remote_url");
      table.text("preview_remote_url");
      table.integer("attempts").notNullable().defaultTo(0);
      table.timestamp("lease_until", { useTz: true });
      table.timestamp("created_at", { useTz: true }).notNullable();
      table.timestamp("updated_at", { useTz: true }).notNullable();
      // A status's attachments; an account's unattached uploads (orphan cleanup scans by age).
      table.index(["status_id"]);
      table.index(["account_id", "status_id"]);
    });
    await knex.raw("create index media_attachments_pending on ??.media_attachments (id) where processing = 'pending'", [schema]);
    await knex.raw("create index media_attachments_unattached on ??.media_attachments (created_at) where status_id is null", [schema]);
    await knex.raw("alter table ??.media_attachments add constraint media_attachments_type_check check (type in ('image', 'gifv', 'video', 'audio', 'unknown'))", [schema]);
    await knex.raw("alter table ??.media_attachments add constraint media_attachments_processing_check check (processing in ('pending', 'done', 'failed'))", [schema]);
  },
  async down(knex, schema) {
    await knex.schema.withSchema(schema).dropTableIfExists("media_attachments");
  },
};
