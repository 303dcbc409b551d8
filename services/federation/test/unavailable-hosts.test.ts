// Mastodon's unavailable domains: a host whose deliveries have failed for a week, with no success
// between, is sent nothing more until it is heard from again (an activity from it in our inbox).
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createEmbeddedBus } from "@starling/events";
import { createIdGenerator } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { attemptDelivery } from "../src/delivery/attempt-delivery.ts";
import { deliverySettings, type DeliveryDeps } from "../src/delivery/deps.ts";
import { enqueueDeliveries } from "../src/delivery/enqueue.ts";
import { UNAVAILABLE_AFTER_MS } from "../src/delivery/host-circuits.ts";
import { backends, startHarness, type Harness } from "./harness.ts";
import { startSigningPeer } from "./signing-peer.ts";

const DAY = 24 * 60 * 60 * 1000;

for (const backend of backends) {
  describe(`unavailable hosts (${backend.name})`, function () {
    this.timeout(60_000);
    let h: Harness;
    let server: Server;
    let answer = 503;
    let received = 0;
    let inbox: string;
    before(async () => {
      h = await startHarness(backend);
      server = createServer((req, res) => {
        received += 1;
        req.resume().on("end", () => res.writeHead(answer).end());
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      inbox = `http://127.0.0.1:${(server.address() as AddressInfo).port}/inbox`;
    });
    after(async () => {
      server?.close();
      await h?.stop();
    });

    const settings = deliverySettings({
      DELIVERY_TIMEOUT_MS: 2_000, DELIVERY_MAX_ATTEMPTS: 50, DELIVERY_BACKOFF_SCALE: 0.001, DELIVERY_CIRCUIT_THRESHOLD: 100,
      DELIVERY_CIRCUIT_OPEN_MS: 1, DELIVERY_CIRCUIT_MAX_OPEN_MS: 1, DELIVERY_HOST_CONCURRENCY: 1, DELIVERY_SCHEDULER_INTERVAL_MS: 1_000, FEDERATION_ALLOW_PRIVATE_ADDRESS: true,
      DELIVERY_KEEP_DELIVERED_MS: 86_400_000, DELIVERY_KEEP_DEAD_MS: 1_209_600_000,
    });
    const sender = () => h.addAccount(`sender${Math.floor(Math.random() * 1e9)}`);
    // Queues activity `n` at time `at` and attempts it then; its row afterwards.
    const deliverAt = async (n: number, at: number) => {
      const account = sender();
      const deps: DeliveryDeps = { db: h.db, bus: createEmbeddedBus(), now: () => new Date(at), newId: createIdGenerator() };
      const activityId = `${account.uri}/statuses/${n}/activity`;
      await enqueueDeliveries(deps, { senderAccountId: account.id, activityId, activityType: "Create", activity: { id: activityId, type: "Create", actor: account.uri }, inboxes: [inbox] });
      const row = await h.db.table("deliveries").where({ activity_id: activityId }).first();
      await attemptDelivery(deps, settings, String(row.id));
      return h.db.table("deliveries").where({ activity_id: activityId }).first();
    };
    const host = () => h.db.table("delivery_hosts").where({ host: new URL(inbox).host }).first();

    it("keeps trying a failing host for a week, then sends it nothing and gives its deliveries up", async () => {
      const t0 = Date.now();
      assert.equal((await deliverAt(1, t0)).state, "failed");
      assert.equal((await deliverAt(2, t0 + 6 * DAY)).state, "failed");
      assert.equal((await host()).unavailable_since, null);
      // The week is up: this failure makes it unavailable.
      assert.equal((await deliverAt(3, t0 + UNAVAILABLE_AFTER_MS)).state, "failed");
      assert.notEqual((await host()).unavailable_since, null);
      const sent = received;
      const skipped = await deliverAt(4, t0 + UNAVAILABLE_AFTER_MS + 1);
      assert.deepEqual([skipped.state, skipped.attempts, received], ["dead", 0, sent]);
      assert.match(skipped.last_error, /unavailable/);
    });

    it("makes the host available again once an activity from it arrives", async () => {
      const peer = await startSigningPeer();
      try {
        // The peer's host as a week of failed deliveries left it.
        await h.db.table("delivery_hosts").insert({ host: peer.host, consecutive_failures: 9, openings: 0, failing_since: new Date(0), unavailable_since: new Date(), updated_at: new Date() });
        const dana = await peer.actor("dana");
        const response = await peer.send(dana, `${h.url}/inbox`, { "@context": "https://www.w3.org/ns/activitystreams", id: `${dana.id}#listen`, type: "Listen", actor: dana.id, object: `${peer.origin}/songs/1` });
        assert.equal(response.status, 202);
        const row = await waitFor(async () => {
          const current = await h.db.table("delivery_hosts").where({ host: peer.host }).first();
          return current.unavailable_since === null ? current : undefined;
        });
        assert.deepEqual([row.consecutive_failures, row.failing_since], [0, null]);
      } finally {
        await peer.stop();
      }
    });
  });
}
