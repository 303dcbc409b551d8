// Admin webhooks (CRUD, signed deliveries from events, retries, the private-address guard) and the
// instance settings, over gRPC with the real accounts and statuses beside moderation.
import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { decodePayload } from "@starling/events";
import { InstanceSettingsServiceClient } from "@starling/proto/moderation/v1/instance_settings";
import { ReportsServiceClient } from "@starling/proto/moderation/v1/reports";
import { WebhooksServiceClient } from "@starling/proto/moderation/v1/webhooks";
import { connectService, type AsyncClient } from "@starling/runtime";
import { hubSignatureMatches, startWebhookReceiver, waitFor, type TestWebhookReceiver } from "@starling/testkit";
import { backends, startModerationHarness, type ModerationHarness } from "./support/moderation-harness.ts";
import { startPeers, type Peers } from "./support/peers.ts";

const grpcCode = (code: GrpcStatus) => (error: unknown) => (error as { code?: number }).code === code;
type Json = Record<string, any>;

for (const backend of backends) {
  describe(`admin webhooks and instance settings on ${backend.name}`, function () {
    this.timeout(60_000);
    let service: ModerationHarness;
    let peers: Peers;
    let receiver: TestWebhookReceiver;
    let webhooks: AsyncClient<WebhooksServiceClient>;
    let reports: AsyncClient<ReportsServiceClient>;
    let settings: AsyncClient<InstanceSettingsServiceClient>;
    const ids = { admin: "", moderator: "", ana: "", ben: "" };
    before(async function () {
      this.timeout(180_000);
      receiver = await startWebhookReceiver();
      service = await startModerationHarness(backend.url, {
        env: { ALLOW_PRIVATE_ADDRESSES: "true", WEBHOOK_RETRY_BASE_MS: "20", WEBHOOK_INTERVAL_MS: "50", WEBHOOK_MAX_ATTEMPTS: "3" },
        before: async (infra, context) => {
          peers = await startPeers(infra, context);
          return peers.env;
        },
      });
      webhooks = connectService(WebhooksServiceClient, service.address, { deadlineMs: 10_000 });
      reports = connectService(ReportsServiceClient, service.address, { deadlineMs: 10_000 });
      settings = connectService(InstanceSettingsServiceClient, service.address, { deadlineMs: 10_000 });
      ids.admin = await peers.createAccount("hookadmin", "Admin");
      ids.moderator = await peers.createAccount("hookmod", "Moderator");
      ids.ana = await peers.createAccount("hookana");
      ids.ben = await peers.createAccount("hookben");
    });
    beforeEach(() => {
      receiver.received.length = 0;
      receiver.state.failNext = 0;
      service.endpoints.deps.allowPrivateAddresses = true;
    });
    after(async () => {
      for (const client of [webhooks, reports, settings]) client?.close();
      await service?.stop();
      await receiver?.stop();
    });

    const admin = () => service.as({ accountId: ids.admin, role: "Admin" });
    const fileReport = async () => (await reports.createReport({ targetAccountId: ids.ben, statusIds: [], comment: "spam", forward: false, category: "spam", ruleIds: [] }, await service.as({ accountId: ids.ana }))).id;
    /** A webhook's delivery history, newest first, as staff read it. */
    const history = async (id: string) => (await webhooks.listWebhookDeliveries({ id }, await admin())).deliveries;
    const outline = (d: { event: string; state: string; attempts: number; lastStatus?: number | undefined; lastError?: string | undefined }) => ({ event: d.event, state: d.state, attempts: d.attempts, lastStatus: d.lastStatus, lastError: d.lastError });
    const deliveriesOf = (event: string) => receiver.received.filter((r) => (JSON.parse(r.body) as Json).event === event);

    it("creates, lists, changes, disables, rotates and deletes webhooks for roles with manage_webhooks only", async () => {
      const created = await webhooks.createWebhook({ url: receiver.url, events: ["report.created", "report.created", "account.created"] }, await admin());
      assert.deepEqual([created.url, created.events, created.enabled], [receiver.url, ["report.created", "account.created"], true]);
      assert.match(created.secret, /^[0-9a-f]{64}$/);
      assert.ok((await webhooks.listWebhooks({}, await admin())).webhooks.some((w) => w.id === created.id));
      const changed = await webhooks.updateWebhook({ id: created.id, events: ["status.updated"] }, await admin());
      assert.deepEqual([changed.events, changed.url], [["status.updated"], receiver.url]);
      assert.equal((await webhooks.setWebhookEnabled({ id: created.id, enabled: false }, await admin())).enabled, false);
      assert.equal((await webhooks.getWebhook({ id: created.id }, await admin())).enabled, false);
      const rotated = await webhooks.rotateWebhookSecret({ id: created.id }, await admin());
      assert.notEqual(rotated.secret, created.secret);
      await webhooks.deleteWebhook({ id: created.id }, await admin());
      await assert.rejects(webhooks.getWebhook({ id: created.id }, await admin()), grpcCode(GrpcStatus.NOT_FOUND));

      await assert.rejects(webhooks.createWebhook({ url: receiver.url, events: ["status.deleted"] }, await admin()), grpcCode(GrpcStatus.INVALID_ARGUMENT));
      await assert.rejects(webhooks.createWebhook({ url: receiver.url, events: [] }, await admin()), grpcCode(GrpcStatus.INVALID_ARGUMENT));
      await assert.rejects(webhooks.createWebhook({ url: "ftp://example.com/x", events: ["report.created"] }, await admin()), grpcCode(GrpcStatus.INVALID_ARGUMENT));
      await assert.rejects(webhooks.listWebhooks({}, await service.as({ accountId: ids.moderator, role: "Moderator" })), grpcCode(GrpcStatus.PERMISSION_DENIED));
    });

    it("delivers report.created and status.created (private ones too), signed with the webhook's secret, rendered as Admin::Report and Status", async () => {
      const hook = await webhooks.createWebhook({ url: receiver.url, events: ["report.created", "status.created"] }, await admin());
      const reportId = await fileReport();
      const statusId = await peers.post(ids.ana, "hello hooks");
      const privateId = await peers.post(ids.ana, "followers only", "private");
      await waitFor(() => deliveriesOf("report.created").length >= 1 && deliveriesOf("status.created").length >= 2, { timeoutMs: 30_000, what: "the three deliveries" });
      const [report] = deliveriesOf("report.created");
      assert.ok(hubSignatureMatches(report!.headers["x-hub-signature"], report!.body, hook.secret), "signed with the secret");
      assert.equal(report!.headers["content-type"], "application/json");
      const body = JSON.parse(report!.body) as Json;
      assert.deepEqual([body.object.id, body.object.category, body.object.account.id, body.object.target_account.id, body.object.target_account.email], [reportId, "spam", ids.ana, ids.ben, "hookben@example.test"]);
      assert.ok(!Number.isNaN(Date.parse(body.created_at)));
      const statuses = deliveriesOf("status.created").map((r) => (JSON.parse(r.body) as Json).object);
      const status = statuses.find((o) => o.id === statusId);
      assert.equal(status?.account.id, ids.ana);
      assert.match(status.content, /hello hooks/);
      assert.equal(statuses.find((o) => o.id === privateId)?.visibility, "private");
      await webhooks.deleteWebhook({ id: hook.id }, await admin());
    });

    it("delivers account.created as Admin::Account when a local account is made", async () => {
      const hook = await webhooks.createWebhook({ url: receiver.url, events: ["account.created"] }, await admin());
      const id = await peers.createAccount("hooknew");
      const delivery = await waitFor(() => deliveriesOf("account.created").find((r) => (JSON.parse(r.body) as Json).object.id === id), { timeoutMs: 30_000, what: "account.created" });
      assert.ok(hubSignatureMatches(delivery.headers["x-hub-signature"], delivery.body, hook.secret));
      const object = (JSON.parse(delivery.body) as Json).object;
      assert.deepEqual([object.username, object.domain, object.email, object.account.id], ["hooknew", null, "hooknew@example.test", id]);
      await webhooks.deleteWebhook({ id: hook.id }, await admin());
    });

    it("retries a failing receiver with backoff until it answers, and gives up after the last attempt", async () => {
      const hook = await webhooks.createWebhook({ url: receiver.url, events: ["report.updated"] }, await admin());
      receiver.state.failNext = 2;
      const reportId = await fileReport();
      await reports.resolveReport({ id: reportId }, await admin());
      await waitFor(() => receiver.received.some((r) => r.answered === 200), { timeoutMs: 30_000, what: "the third try" });
      assert.deepEqual(receiver.received.map((r) => r.answered), [500, 500, 200]);
      assert.equal((JSON.parse(receiver.received[2]!.body) as Json).object.action_taken, true);
      // The outcome is recorded just after the answer.
      await waitFor(async () => (await history(hook.id))[0]?.finishedAt, { timeoutMs: 30_000, what: "the delivery finished" });
      assert.deepEqual((await history(hook.id)).map(outline), [{ event: "report.updated", state: "delivered", attempts: 3, lastStatus: 200, lastError: undefined }]);

      receiver.received.length = 0;
      receiver.state.failNext = 100;
      await reports.reopenReport({ id: reportId }, await admin());
      await waitFor(async () => ((all) => all.length === 2 && all[0]!.finishedAt)(await history(hook.id)), { timeoutMs: 30_000, what: "the delivery given up" });
      const [givenUp, delivered] = await history(hook.id);
      assert.deepEqual(outline(givenUp!), { event: "report.updated", state: "failed", attempts: 3, lastStatus: 500, lastError: "HTTP 500" });
      assert.ok(givenUp!.createdAt! >= delivered!.createdAt! && givenUp!.lastAttemptAt! >= givenUp!.createdAt! && givenUp!.nextAttemptAt === undefined);
      // Paged by delivery id through the shared paging: one at a time, then the older one.
      const [first] = (await webhooks.listWebhookDeliveries({ id: hook.id, page: { limit: 1 } }, await admin())).deliveries;
      assert.equal(first!.id, givenUp!.id);
      assert.deepEqual((await webhooks.listWebhookDeliveries({ id: hook.id, page: { maxId: first!.id } }, await admin())).deliveries.map((d) => d.id), [delivered!.id]);
      await assert.rejects(webhooks.listWebhookDeliveries({ id: hook.id }, await service.as({ accountId: ids.moderator, role: "Moderator" })), grpcCode(GrpcStatus.PERMISSION_DENIED));
      await assert.rejects(webhooks.listWebhookDeliveries({ id: "12345" }, await admin()), grpcCode(GrpcStatus.NOT_FOUND));
      assert.equal(receiver.received.length, 3);
      await webhooks.deleteWebhook({ id: hook.id }, await admin());
    });

    it("refuses private and loopback webhook URLs at creation and at delivery unless the test setting allows them", async () => {
      const hook = await webhooks.createWebhook({ url: receiver.url, events: ["report.created"] }, await admin());
      service.endpoints.deps.allowPrivateAddresses = false;
      for (const url of [receiver.url, "http://localhost:9/hook", "http://10.0.0.1/hook", "http://[::1]/hook"]) {
        await assert.rejects(webhooks.createWebhook({ url, events: ["report.created"] }, await admin()), grpcCode(GrpcStatus.INVALID_ARGUMENT), url);
      }
      await assert.rejects(webhooks.updateWebhook({ id: hook.id, url: "http://192.168.1.1/", events: [] }, await admin()), grpcCode(GrpcStatus.INVALID_ARGUMENT));
      // Events of earlier tests may still reach the new webhook; each is refused now, as this one's.
      const received = receiver.received.length;
      await fileReport();
      const refused = await waitFor(async () => (await history(hook.id)).find((d) => d.lastError), { timeoutMs: 30_000, what: "a refused attempt" });
      assert.match(refused.lastError!, /127\.0\.0\.1 is not a public address/);
      assert.equal(receiver.received.length, received);
      await webhooks.deleteWebhook({ id: hook.id }, await admin());
    });

    it("keeps instance settings that staff with manage_settings change, and announces every change with the registration mode and the MX check", async () => {
      const defaults = await settings.getInstanceSettings({});
      assert.deepEqual([defaults.privacyPolicy, defaults.registrationsMode, defaults.peersVisible, defaults.trendsEnabled], [undefined, undefined, true, true]);
      const changed = await settings.updateInstanceSettings({ privacyPolicy: "# Privacy\n\nWe keep *little*.", registrationsMode: "approved", contactUsername: "hookadmin", trendsEnabled: false }, await admin());
      assert.deepEqual([changed.privacyPolicy, changed.registrationsMode, changed.contactUsername, changed.trendsEnabled], ["# Privacy\n\nWe keep *little*.", "approved", "hookadmin", false]);
      assert.ok(changed.privacyPolicyUpdatedAt instanceof Date);
      assert.equal((await settings.getInstanceSettings({})).registrationsMode, "approved");
      await waitFor(() => service.events.find((e) => e.type === "instance_settings.updated"), { timeoutMs: 30_000, what: "instance_settings.updated" });
      const event = service.events.find((e) => e.type === "instance_settings.updated")!;
      assert.equal(decodePayload("instance_settings.updated", event).registrationsMode, "approved");

      const announced = () => service.events.filter((e) => e.type === "instance_settings.updated").length;
      const before = announced();
      const cleared = await settings.updateInstanceSettings({ contactUsername: "" }, await admin());
      assert.equal(cleared.contactUsername, undefined);
      // Any change is announced, so the gateways reload their copies of the settings.
      await waitFor(() => announced() > before, { timeoutMs: 30_000, what: "a change of another setting announced" });
      // The MX check is off until staff turn it on, and is announced with the registration mode.
      assert.equal(defaults.emailMxCheck, false);
      assert.equal((await settings.updateInstanceSettings({ emailMxCheck: true }, await admin())).emailMxCheck, true);
      const mxEvent = await waitFor(() => service.events.find((e) => e.type === "instance_settings.updated" && decodePayload("instance_settings.updated", e).emailMxCheck), { timeoutMs: 30_000, what: "the MX check announced" });
      assert.equal(decodePayload("instance_settings.updated", mxEvent).registrationsMode, "approved");
      await assert.rejects(settings.updateInstanceSettings({ registrationsMode: "sometimes" }, await admin()), grpcCode(GrpcStatus.INVALID_ARGUMENT));
      await assert.rejects(settings.updateInstanceSettings({ thumbnailUrl: "javascript:alert(1)" }, await admin()), grpcCode(GrpcStatus.INVALID_ARGUMENT));
      await assert.rejects(settings.updateInstanceSettings({ title: "mine" }, await service.as({ accountId: ids.moderator, role: "Moderator" })), grpcCode(GrpcStatus.PERMISSION_DENIED));
    });
  });
}
