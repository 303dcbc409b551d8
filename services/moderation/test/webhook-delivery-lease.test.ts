// The webhook delivery worker holds no transaction while a receiver answers: it claims a delivery
// (state and lease) and commits first, so a worker that dies mid-POST leaves a delivery that is
// tried again once its lease ends, never one lost or stuck.
import assert from "node:assert/strict";
import { WebhooksServiceClient } from "@starling/proto/moderation/v1/webhooks";
import { connectService, createLogger, type AsyncClient } from "@starling/runtime";
import { hubSignatureMatches, startWebhookReceiver, waitFor, type TestWebhookReceiver } from "@starling/testkit";
import { claimDueDeliveries, queueDeliveries, recordDeliveryOutcome } from "../src/data/webhook-deliveries-queries.ts";
import { deliverDueWebhooks, type WebhookDeliveryOptions } from "../src/webhooks/deliver-webhooks.ts";
import { backends, startModerationHarness, type ModerationHarness } from "./support/moderation-harness.ts";

const MINUTE = 60_000;

for (const backend of backends) {
  describe(`webhook delivery leases on ${backend.name}`, function () {
    this.timeout(60_000);
    let service: ModerationHarness;
    let receiver: TestWebhookReceiver;
    let webhooks: AsyncClient<WebhooksServiceClient>;
    const options: WebhookDeliveryOptions = { retryBaseMs: MINUTE, maxAttempts: 3, intervalMs: MINUTE, timeoutMs: 10_000, leaseMs: MINUTE, logger: createLogger("lease-test", "silent") };
    before(async function () {
      this.timeout(120_000);
      receiver = await startWebhookReceiver();
      // No delivery loop of its own: the test runs the passes a worker would.
      service = await startModerationHarness(backend.url, { webhooks: false, env: { ALLOW_PRIVATE_ADDRESSES: "true" } });
      webhooks = connectService(WebhooksServiceClient, service.address, { deadlineMs: 10_000 });
    });
    after(async () => {
      webhooks?.close();
      await service?.stop();
      await receiver?.stop();
    });

    const staff = () => service.as({ accountId: "1", role: "Admin" });
    /** Queues one delivery as the events consumer does, for a new webhook. */
    async function queued(): Promise<{ hookId: string; secret: string; body: string }> {
      const hook = await webhooks.createWebhook({ url: receiver.url, events: ["report.created"] }, await staff());
      const body = JSON.stringify({ event: "report.created", created_at: new Date().toISOString(), object: { id: hook.id } });
      await queueDeliveries(service.db, [{ id: service.endpoints.deps.newId(), webhookId: hook.id, eventId: `event-${hook.id}`, event: "report.created", body, at: new Date() }]);
      return { hookId: hook.id, secret: hook.secret, body };
    }
    const rowOf = (hookId: string) => service.db.table("webhook_deliveries").where({ webhook_id: hookId }).first("id", "state", "attempts", "last_status");

    it("holds no row lock while the receiver is answering, and records the answer afterwards", async () => {
      const { hookId } = await queued();
      let answer!: () => void;
      receiver.state.hold = new Promise((resolve) => (answer = resolve));
      const pass = deliverDueWebhooks(service.endpoints.deps, options);
      try {
        await waitFor(() => receiver.state.waiting === 1, { timeoutMs: 30_000, what: "the POST at the receiver" });
        // Another transaction may lock the row at once: the claim was committed before the POST.
        const locked = await service.db.transaction(async (trx) => service.db.table("webhook_deliveries", trx).where({ webhook_id: hookId }).forUpdate().noWait().first("state", "attempts"));
        assert.deepEqual(locked, { state: "sending", attempts: 1 });
      } finally {
        answer();
        receiver.state.hold = undefined;
      }
      assert.equal(await pass, 1);
      assert.deepEqual({ ...(await rowOf(hookId)), id: undefined }, { id: undefined, state: "delivered", attempts: 1, last_status: 200 });
    });

    it("tries a delivery again after the lease of a worker that died mid-POST, and ignores that worker's late outcome", async () => {
      const { hookId, secret, body } = await queued();
      receiver.received.length = 0;
      // A worker claims the delivery and dies before it records anything.
      const [claimed] = await claimDueDeliveries(service.db, new Date(), 10, MINUTE);
      assert.ok(claimed && claimed.webhookId === hookId);
      // While the lease runs, no other pass takes it.
      assert.equal(await deliverDueWebhooks(service.endpoints.deps, options), 0);
      assert.equal(receiver.received.length, 0);
      assert.equal((await rowOf(hookId))!.state, "sending");
      // Once it has ended, the next pass delivers it.
      const later = { ...service.endpoints.deps, now: () => new Date(Date.now() + MINUTE + 1_000) };
      assert.equal(await deliverDueWebhooks(later, options), 1);
      assert.equal(receiver.received.length, 1);
      assert.equal(receiver.received[0]!.body, body);
      assert.ok(hubSignatureMatches(receiver.received[0]!.headers["x-hub-signature"], body, secret));
      assert.deepEqual({ ...(await rowOf(hookId)), id: undefined }, { id: undefined, state: "delivered", attempts: 2, last_status: 200 });
      // The dead worker's claim is no longer current: a late outcome from it changes nothing.
      assert.equal(await recordDeliveryOutcome(service.db, claimed, { status: 500, error: "HTTP 500", nextAttemptAt: new Date() }, new Date()), false);
      assert.equal((await rowOf(hookId))!.state, "delivered");
    });
  });
}
