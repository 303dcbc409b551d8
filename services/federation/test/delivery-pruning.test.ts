// The delivery worker prunes finished rows: delivered ones after DELIVERY_KEEP_DELIVERED_MS, dead ones
// (kept for inspection) after DELIVERY_KEEP_DEAD_MS; rows still being tried stay. Where an activity
// went survives the pruning, so a later Delete still finds it and a repeated enqueue sends nothing.
import assert from "node:assert/strict";
import { databaseFor, openPostgres, testPostgresUrl, type Database } from "@starling/db";
import { createEmbeddedBus, type EventBus } from "@starling/events";
import { createIdGenerator } from "@starling/runtime";
import { uniqueName, waitFor } from "@starling/testkit";
import { federationMigrations } from "../migrations/index.ts";
import { findSentActivity } from "../src/data/sent-activities-queries.ts";
import { finishAttempt, type DeliveryState } from "../src/delivery/deliveries-queries.ts";
import { deliverySettings, type DeliveryDeps } from "../src/delivery/deps.ts";
import { enqueueDeliveries } from "../src/delivery/enqueue.ts";
import { startDeliveryWorker, type DeliveryWorker } from "../src/delivery/worker.ts";

const ACTOR = "https://fed.example/users/alice";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const databases = [{ name: "embedded PostgreSQL" }, ...(process.env.DATABASE_URL ? [{ name: "PostgreSQL", url: process.env.DATABASE_URL }] : [])];

for (const database of databases) {
  describe(`delivery pruning (${database.name})`, function () {
    this.timeout(60_000);
    let knex: Database["knex"];
    let db: Database;
    let bus: EventBus;
    let worker: DeliveryWorker | undefined;
    before(async () => {
      knex = openPostgres(database.url ?? (await testPostgresUrl()));
      db = databaseFor(knex, uniqueName("federation"));
      await db.migrate(federationMigrations);
      bus = createEmbeddedBus();
    });
    after(async () => {
      await worker?.stop();
      await bus?.close();
      await knex?.destroy();
    });

    const deps: () => DeliveryDeps = () => ({ db, bus, now: () => new Date(), newId: createIdGenerator() });
    // Queues activity `n` for one inbox and leaves its row in `state`, finished (or next due) at `at`.
    const queued = async (n: number, state: DeliveryState, at: number) => {
      const activityId = `${ACTOR}/statuses/${n}/activity`;
      const inbox = `https://peer${n}.example/inbox`;
      await enqueueDeliveries(deps(), { senderAccountId: "1", activityId, activityType: "Create", activity: { id: activityId, type: "Create", actor: ACTOR }, inboxes: [inbox] });
      const row = await db.table("deliveries").where({ activity_id: activityId }).first();
      await finishAttempt(db, String(row.id), { state, attempts: 1, lastError: state === "dead" ? "HTTP 410" : "", nextAttemptAt: new Date(at) }, new Date(at));
      return { activityId, inbox };
    };
    const states = async () => (await db.table("deliveries").select("activity_id", "state")).map((r: { activity_id: string; state: string }) => `${r.activity_id.replace(/^.*statuses\/(\d+).*$/, "$1")}:${r.state}`).sort();

    it("deletes delivered rows past their day and dead rows past their two weeks, keeps the rest, and remembers where each activity went", async () => {
      const now = Date.now();
      const oldDelivered = await queued(1, "delivered", now - 2 * DAY);
      await queued(2, "delivered", now - HOUR);
      await queued(3, "dead", now - 20 * DAY);
      await queued(4, "dead", now - 3 * DAY);
      // Still being tried: first queued long ago, next try tomorrow.
      await queued(5, "failed", now + DAY);
      assert.deepEqual(await states(), ["1:delivered", "2:delivered", "3:dead", "4:dead", "5:failed"]);

      const config = {
        DELIVERY_TIMEOUT_MS: 1_000, DELIVERY_MAX_ATTEMPTS: 4, DELIVERY_BACKOFF_SCALE: 0.001, DELIVERY_CIRCUIT_THRESHOLD: 3, DELIVERY_CIRCUIT_OPEN_MS: 150,
        DELIVERY_CIRCUIT_MAX_OPEN_MS: 500, DELIVERY_HOST_CONCURRENCY: 2, DELIVERY_SCHEDULER_INTERVAL_MS: 50, FEDERATION_ALLOW_PRIVATE_ADDRESS: false,
        DELIVERY_KEEP_DELIVERED_MS: DAY, DELIVERY_KEEP_DEAD_MS: 14 * DAY,
      };
      worker = await startDeliveryWorker(deps(), deliverySettings(config, { pruneIntervalMs: 50 }));
      await waitFor(async () => (await states()).length === 3, { what: "the old delivered and dead rows pruned" });
      assert.deepEqual(await states(), ["2:delivered", "4:dead", "5:failed"]);

      // A Delete or Update of the pruned activity still goes where it went ...
      assert.deepEqual((await findSentActivity(db, oldDelivered.activityId))?.inboxes, [oldDelivered.inbox]);
      // ... and the same event handled again queues nothing new.
      await enqueueDeliveries(deps(), { senderAccountId: "1", activityId: oldDelivered.activityId, activityType: "Create", activity: {}, inboxes: [oldDelivered.inbox] });
      assert.equal((await db.table("deliveries").where({ activity_id: oldDelivered.activityId })).length, 0);
    });
  });
}
