import type { Migration } from "@starling/db";

/**
 * What profile editing needs: profile fields, the raw note, emoji shortcodes and the move target
 * on accounts; posting defaults and reading preferences per account; aliases (alsoKnownAs); and the
 * queue of rel=me link checks the verification worker drains.
 */
export const createProfileSettings: Migration = {
  name: "0007_create_profile_settings",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).alterTable("accounts", (t) => {
      // JSON array of {name, value, verified_at}; values are plain text for local accounts, HTML for remote ones.
      t.text("fields").notNullable().defaultTo("[]");
      // The note as its owner typed it; `note` holds the rendered HTML.
      t.text("note_source").notNullable().defaultTo("");
      // JSON array of the :shortcode:s used in display name, note and field values.
      t.text("emoji_shortcodes").notNullable().defaultTo("[]");
      t.bigInteger("moved_to_account_id").references("id").inTable(`${schema}.accounts`);
      t.timestamp("moved_at", { useTz: true });
    });
    await knex.schema.withSchema(schema).createTable("account_settings", (t) => {
      t.bigInteger("account_id").primary().references("id").inTable(`${schema}.accounts`);
      t.text("default_privacy").notNullable().defaultTo("public");
      t.boolean("default_sensitive").notNullable().defaultTo(false);
      t.text("default_language"); // null: no default language
      t.text("expand_media").notNullable().defaultTo("default");
      t.boolean("expand_spoilers").notNullable().defaultTo(false);
    });
    await knex.schema.withSchema(schema).createTable("account_aliases", (t) => {
      t.bigInteger("id").primary();
      t.bigInteger("account_id").notNullable().references("id").inTable(`${schema}.accounts`);
      t.text("acct").notNullable();
      t.text("uri").notNullable();
      t.timestamp("created_at", { useTz: true }).notNullable();
      t.unique(["account_id", "uri"]);
    });
    // One pending check per account: a newer profile update replaces the older request.
    await knex.schema.withSchema(schema).createTable("profile_link_checks", (t) => {
      t.bigInteger("account_id").primary().references("id").inTable(`${schema}.accounts`);
      t.timestamp("requested_at", { useTz: true }).notNullable();
      t.timestamp("due_at", { useTz: true }).notNullable().index();
      t.integer("attempts").notNullable().defaultTo(0);
    });
  },
};
