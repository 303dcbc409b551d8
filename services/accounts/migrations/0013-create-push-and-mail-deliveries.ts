import type { Migration } from "@starling/db";

/**
 * Web Push and notification e-mails: one push subscription per access token (Mastodon's model), the
 * instance's VAPID key pair, the durable queue of deliveries the notification consumer fills and
 * the delivery worker drains, and on users the last activity and the e-mail preferences.
 */
export const createPushAndMailDeliveries: Migration = {
  name: "0013_create_push_and_mail_deliveries",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("push_subscriptions", (t) => {
      t.bigInteger("id").primary();
      t.bigInteger("token_id").notNullable().unique().references("id").inTable(`${schema}.oauth_tokens`);
      t.bigInteger("account_id").notNullable().index().references("id").inTable(`${schema}.accounts`);
      t.text("endpoint").notNullable();
      t.text("key_p256dh").notNullable();
      t.text("key_auth").notNullable();
      // The bearer token, because Mastodon's push payload carries it and oauth_tokens keeps only hashes.
      t.text("access_token").notNullable();
      // JSON object: notification type → boolean.
      t.text("alerts").notNullable().defaultTo("{}");
      t.text("policy").notNullable().defaultTo("all");
      t.timestamp("created_at", { useTz: true }).notNullable();
    });
    // One row, made on first use; the key pair must never change, or every subscription breaks.
    await knex.schema.withSchema(schema).createTable("vapid_keys", (t) => {
      t.integer("id").primary();
      t.text("public_key").notNullable();
      t.text("private_key").notNullable();
    });
    await knex.schema.withSchema(schema).createTable("notification_deliveries", (t) => {
      t.bigInteger("id").primary();
      t.text("channel").notNullable(); // push | email
      t.bigInteger("subscription_id"); // push only; the delivery goes when its subscription goes
      t.bigInteger("account_id").notNullable();
      // JSON: what the worker needs to send, composed when the notification arrived.
      t.text("message").notNullable();
      t.integer("attempts").notNullable().defaultTo(0);
      t.timestamp("due_at", { useTz: true }).notNullable().index();
      t.timestamp("created_at", { useTz: true }).notNullable();
    });
    await knex.schema.withSchema(schema).alterTable("users", (t) => {
      t.timestamp("last_active_at", { useTz: true });
      // JSON object: notification type → boolean; types not named take Mastodon's defaults.
      t.text("notification_emails").notNullable().defaultTo("{}");
    });
  },
};
