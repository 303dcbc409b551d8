import assert from "node:assert/strict";
import { status } from "@grpc/grpc-js";
import { OAuthServiceClient } from "@starling/proto/accounts/v1/oauth";
import { PushServiceClient } from "@starling/proto/accounts/v1/push";
import { connectService, type AsyncClient } from "@starling/runtime";
import { backends, rejection, startHarness, type Harness } from "./harness.ts";
import { browserKeys, startPushService, verifyVapid, waitFor, type TestPushService } from "@starling/testkit";
import { publishNotification, signedInUser, type SignedInUser } from "./notification-fixture.ts";

const ALL_OFF = { mention: false, status: false, reblog: false, follow: false, follow_request: false, favourite: false, poll: false, update: false, "admin.sign_up": false, "admin.report": false };

for (const backend of backends) {
  describe(`Web Push on ${backend.name}`, function () {
    this.timeout(60_000);
    let h: Harness;
    let push: AsyncClient<PushServiceClient>;
    let service: TestPushService;
    let sender: SignedInUser;
    before(async () => {
      h = await startHarness(backend, { ALLOW_PRIVATE_ADDRESSES: "true" });
      push = connectService(PushServiceClient, `127.0.0.1:${h.grpcPort}`, { deadlineMs: 10_000 });
      service = await startPushService();
      sender = await signedInUser(h, "pushsender");
    });
    after(async () => {
      push.close();
      await service.stop();
      await h.stop();
    });

    const subscribe = async (user: SignedInUser, path: string, alerts: Record<string, boolean>, policy?: string) => {
      const keys = browserKeys();
      const endpoint = `${service.url}/${path}`;
      const created = await push.createPushSubscription({ accessToken: user.accessToken, endpoint, p256dh: keys.p256dh, auth: keys.auth, alerts, policy }, { viewerToken: user.viewerToken });
      return { keys, endpoint, created };
    };
    const messagesTo = (path: string) => service.received.filter((m) => m.path === `/${path}`);

    it("keeps one subscription per token, with every alert and the instance's VAPID key", async () => {
      const user = await signedInUser(h, "subscriber");
      const first = await subscribe(user, "one", { mention: true });
      const second = await subscribe(user, "two", { follow: true, favourite: true }, "followed");
      assert.notEqual(second.created.id, first.created.id);
      const shown = await push.getPushSubscription({}, { viewerToken: user.viewerToken });
      assert.deepEqual(shown, { id: second.created.id, endpoint: second.endpoint, alerts: { ...ALL_OFF, follow: true, favourite: true }, serverKey: (await push.getVapidKey({})).publicKey, policy: "followed" });
      assert.match(shown.serverKey, /^B[\w-]{86}$/);
      const updated = await push.updatePushSubscription({ alerts: { poll: true } }, { viewerToken: user.viewerToken });
      assert.deepEqual([updated.alerts, updated.policy], [{ ...ALL_OFF, poll: true }, "followed"]);
      assert.equal((await rejection(push.updatePushSubscription({ alerts: {}, policy: "friends" }, { viewerToken: user.viewerToken }))).code, status.INVALID_ARGUMENT);
      await push.deletePushSubscription({}, { viewerToken: user.viewerToken });
      assert.equal((await rejection(push.getPushSubscription({}, { viewerToken: user.viewerToken }))).code, status.NOT_FOUND);
    });

    it("refuses keys a push message could not be encrypted to, and endpoints that are not URLs", async () => {
      const user = await signedInUser(h, "badkeys");
      const keys = browserKeys();
      const cases = [
        { p256dh: keys.p256dh.slice(0, 40), auth: keys.auth, endpoint: `${service.url}/x` },
        { p256dh: keys.p256dh, auth: "c2hvcnQ", endpoint: `${service.url}/x` },
        { p256dh: keys.p256dh, auth: keys.auth, endpoint: "not a url" },
      ];
      for (const c of cases) {
        const failure = await rejection(push.createPushSubscription({ accessToken: user.accessToken, alerts: {}, ...c }, { viewerToken: user.viewerToken }));
        assert.equal(failure.code, status.INVALID_ARGUMENT, JSON.stringify(c));
      }
    });

    it("refuses a token other than the caller's", async () => {
      const user = await signedInUser(h, "tokenthief");
      const keys = browserKeys();
      const failure = await rejection(push.createPushSubscription({ accessToken: sender.accessToken, endpoint: `${service.url}/stolen`, p256dh: keys.p256dh, auth: keys.auth, alerts: {} }, { viewerToken: user.viewerToken }));
      assert.equal(failure.code, status.UNAUTHENTICATED);
    });

    it("delivers a mention as an aes128gcm message signed with the instance's VAPID key, once", async () => {
      const user = await signedInUser(h, "mentioned");
      const { keys, endpoint, created } = await subscribe(user, "mention", { mention: true });
      await publishNotification(h, { notificationId: "9001", accountId: user.account.id, type: "mention", fromAccountId: sender.account.id, statusId: "5001" });
      const [message] = await waitFor(() => messagesTo("mention").length > 0 && messagesTo("mention"), { what: "the pushed mention", timeoutMs: 20_000 });
      assert.equal(message!.headers["content-encoding"], "aes128gcm");
      assert.ok(Number(message!.headers.ttl) > 0);
      const { key, claims } = await verifyVapid(message!.headers.authorization, endpoint);
      assert.equal(key, created.serverKey);
      assert.equal(claims.sub, "mailto:notifications@localhost");
      assert.ok(claims.exp! > Date.now() / 1000);
      assert.deepEqual(keys.decrypt(message!.body), {
        access_token: user.accessToken,
        preferred_locale: "en",
        notification_id: "9001",
        notification_type: "mention",
        icon: "http://127.0.0.1:3000/avatars/original/missing.png",
        title: "pushsender mentioned you",
        body: "@pushsender",
      });
      // The bus delivered the event twice; the inbox let it through once.
      await publishNotification(h, { notificationId: "9002", accountId: user.account.id, type: "follow", fromAccountId: sender.account.id });
      await waitFor(async () => (await h.db.table("notification_deliveries").count({ n: "*" }).first())?.n == 0, { what: "an empty queue" });
      assert.equal(messagesTo("mention").length, 1, "the follow alert is off, and the mention went once");
    });

    it("respects the policy: followed only lets through accounts the user follows", async () => {
      const user = await signedInUser(h, "picky");
      await subscribe(user, "picky", { favourite: true }, "followed");
      await publishNotification(h, { notificationId: "9101", accountId: user.account.id, type: "favourite", fromAccountId: sender.account.id, statusId: "5101" });
      await h.client.follow({ targetAccountId: sender.account.id, reblogs: true, languages: [] }, { viewerToken: user.viewerToken });
      await publishNotification(h, { notificationId: "9102", accountId: user.account.id, type: "favourite", fromAccountId: sender.account.id, statusId: "5102" });
      const got = await waitFor(() => messagesTo("picky").length > 0 && messagesTo("picky"), { what: "the followed account's favourite", timeoutMs: 20_000 });
      await waitFor(async () => (await h.db.table("notification_deliveries").count({ n: "*" }).first())?.n == 0, { what: "an empty queue" });
      assert.equal(got.length, 1);
    });

    it("retries a failing push service later and drops the subscription when it answers 410", async () => {
      const user = await signedInUser(h, "flaky");
      const { created } = await subscribe(user, "flaky", { reblog: true });
      service.state.status = 503;
      await publishNotification(h, { notificationId: "9201", accountId: user.account.id, type: "reblog", fromAccountId: sender.account.id, statusId: "5201" });
      const postponed = await waitFor(async () => (await h.db.table("notification_deliveries").where({ subscription_id: created.id }).first()) as { attempts: number; due_at: Date } | undefined, { what: "the queued push" }).then(() =>
        waitFor(async () => {
          const row = (await h.db.table("notification_deliveries").where({ subscription_id: created.id }).first()) as { attempts: number; due_at: Date } | undefined;
          return row && row.attempts === 1 && row;
        }, { what: "a postponed push", timeoutMs: 20_000 }),
      );
      assert.ok(new Date(postponed.due_at).getTime() > Date.now(), "the retry waits");
      service.state.status = 410;
      await h.db.table("notification_deliveries").where({ subscription_id: created.id }).update({ due_at: new Date() });
      await waitFor(async () => (await rejection(push.getPushSubscription({}, { viewerToken: user.viewerToken }))).code === status.NOT_FOUND, { what: "the subscription removed", timeoutMs: 20_000 });
      assert.equal(messagesTo("flaky").length, 2);
      service.state.status = 201;
    });

    it("removes a token's subscription when the token is revoked", async () => {
      const user = await signedInUser(h, "revoker");
      await subscribe(user, "revoked", { mention: true });
      const count = async () => Number((await h.db.table("push_subscriptions").where({ account_id: user.account.id }).count({ n: "*" }).first())?.n);
      assert.equal(await count(), 1);
      const oauth = connectService(OAuthServiceClient, `127.0.0.1:${h.grpcPort}`, { deadlineMs: 10_000 });
      await oauth.revokeToken({ token: user.accessToken, ...user.client });
      oauth.close();
      assert.equal(await count(), 0);
    });
  });
}
