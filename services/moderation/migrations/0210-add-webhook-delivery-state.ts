import type { Migration } from "@starling/db";

/**
 * A delivery's state, so the worker can claim a row and let go of its lock before it POSTs:
 * `pending` (waiting for its first try or a retry), `sending` (claimed; next_attempt_at is then the
 * lease's end, after which another pass takes it again, so a worker that died mid-POST loses
 * nothing), `delivered`, `failed` (given up). created_at and last_attempt_at are for the history.
 */
export const addWebhookDeliveryState: Migration = {
  name: "0210_add_webhook_delivery_state",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).alterTable("webhook_deliveries", (table) => {
      table.text("state").notNullable().defaultTo("pending");
      table.timestamp("created_at", { useTz: true });
      table.timestamp("last_attempt_at", { useTz: true });
    });
    // Ids are time-ordered (milliseconds shifted left 16 bits): the queued time of older rows.
    await knex.raw(
      `UPDATE ??.webhook_deliveries SET created_at = to_timestamp((id >> 16) / 1000.0),
         state = CASE WHEN finished_at IS NULL THEN 'pending' WHEN last_status BETWEEN 200 AND 299 THEN 'delivered' ELSE 'failed' END`,
      [schema],
    );
    await knex.raw(`ALTER TABLE ??.webhook_deliveries ALTER COLUMN created_at SET NOT NULL`, [schema]);
    await knex.raw(`CREATE INDEX webhook_deliveries_history ON ??.webhook_deliveries (webhook_id, id)`, [schema]);
  },
};
