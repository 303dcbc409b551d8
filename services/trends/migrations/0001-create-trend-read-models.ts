import type { Migration } from "@starling/db";

/**
 * Trends' read models, fed by events (never other services' tables): the statuses that can trend,
 * their hashtag uses, interactions and shared links, and the accounts whose uses do not count.
 */
export const createTrendReadModels: Migration = {
  name: "0001_create_trend_read_models",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("trend_accounts", (table) => {
      table.bigInteger("account_id").primary();
      table.boolean("silenced").notNullable().defaultTo(false);
      table.boolean("suspended").notNullable().defaultTo(false);
    });
    // Original (not reblog) statuses; a deleted one stays as a tombstone so late events about it change nothing.
    await knex.schema.withSchema(schema).createTable("trend_statuses", (table) => {
      table.bigInteger("status_id").primary();
      table.bigInteger("account_id").notNullable();
      table.text("visibility").notNullable();
      // "" when the status names none.
      table.text("language").notNullable();
      table.boolean("reply").notNullable();
      table.timestamp("created_at", { useTz: true }).notNullable();
      table.timestamp("deleted_at", { useTz: true });
      table.index(["created_at"]);
    });
    // Public statuses' hashtags, one row per status and tag.
    await knex.schema.withSchema(schema).createTable("trend_tag_uses", (table) => {
      table.bigInteger("status_id").notNullable();
      table.text("tag").notNullable();
      table.bigInteger("account_id").notNullable();
      table.text("language").notNullable();
      table.timestamp("used_at", { useTz: true }).notNullable();
      table.primary(["status_id", "tag"]);
      table.index(["used_at"]);
    });
    // Reblogs and favourites of statuses, by their own ids.
    await knex.schema.withSchema(schema).createTable("trend_interactions", (table) => {
      table.bigInteger("id").primary();
      table.text("kind").notNullable();
      table.bigInteger("status_id").notNullable();
      table.bigInteger("account_id").notNullable();
      table.timestamp("created_at", { useTz: true }).notNullable();
      table.index(["status_id"]);
    });
    // The preview card of a status's first link.
    await knex.schema.withSchema(schema).createTable("trend_link_shares", (table) => {
      table.bigInteger("status_id").primary();
      table.bigInteger("card_id").notNullable();
      table.text("url").notNullable();
      table.text("publisher").notNullable();
      table.text("link_type").notNullable();
      table.index(["card_id"]);
    });
    await knex.schema.withSchema(schema).createTable("trend_tags", (table) => {
      table.bigInteger("id").primary();
      table.text("name").notNullable().unique();
    });
    // Staff review of a tag, link, status, account (all its statuses) or publisher (a domain).
    await knex.schema.withSchema(schema).createTable("trend_reviews", (table) => {
      table.text("kind").notNullable();
      table.text("item_id").notNullable();
      table.boolean("trendable").notNullable();
      table.timestamp("reviewed_at", { useTz: true }).notNullable();
      table.primary(["kind", "item_id"]);
    });
    // The scores of the last refresh; language "" holds the trends of every language together.
    await knex.schema.withSchema(schema).createTable("trend_scores", (table) => {
      table.text("kind").notNullable();
      table.text("language").notNullable();
      table.text("item_id").notNullable();
      table.double("score").notNullable();
      table.primary(["kind", "language", "item_id"]);
      table.index(["kind", "language", "score"]);
    });
    // One row: when trends were last refreshed and staff last told of pending reviews.
    await knex.schema.withSchema(schema).createTable("trend_refresh", (table) => {
      table.integer("id").primary();
      table.timestamp("refreshed_at", { useTz: true });
      table.timestamp("review_notice_at", { useTz: true });
    });
    await knex.withSchema(schema).table("trend_refresh").insert({ id: 1 });
  },
};
