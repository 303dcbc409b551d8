import assert from "node:assert/strict";
import { encodePayload, EVENT_CATALOG, newEnvelope } from "@starling/events";
import { PushServiceClient } from "@starling/proto/accounts/v1/push";
import { connectService, type AsyncClient } from "@starling/runtime";
import { backends, startHarness, type Harness } from "./harness.ts";
import { startSmtpServer, waitFor, type TestSmtpServer } from "@starling/testkit";
import { publishNotification, signedInUser, type SignedInUser } from "./notification-fixture.ts";

for (const backend of backends) {
  describe(`notification e-mails on ${backend.name}`, function () {
    this.timeout(60_000);
    let h: Harness;
    let smtp: TestSmtpServer;
    let push: AsyncClient<PushServiceClient>;
    let sender: SignedInUser;
    before(async () => {
      smtp = await startSmtpServer();
      h = await startHarness(backend, { SMTP_URL: smtp.url, SMTP_FROM: "Starling <robot@starling.test>" });
      push = connectService(PushServiceClient, `127.0.0.1:${h.grpcPort}`, { deadlineMs: 10_000 });
      sender = await signedInUser(h, "mailsender");
    });
    after(async () => {
      push.close();
      await h.stop();
      await smtp.stop();
    });

    // Nothing queued and nothing received: what a notification that mails nobody leaves behind.
    const nothingMailedTo = async (user: SignedInUser) => {
      const queued = await h.db.table("notification_deliveries").where({ account_id: user.account.id, channel: "email" }).first();
      return queued === undefined && !smtp.messages.some((m) => m.envelopeTo.includes(user.email));
    };

    it("mails a mention to a user who is away, through the SMTP server", async () => {
      const { account, email } = await h.createUser("awayuser");
      await publishNotification(h, { notificationId: "7001", accountId: account.id, type: "mention", fromAccountId: sender.account.id, statusId: "6001" });
      const mail = await waitFor(() => smtp.messages.find((m) => m.envelopeTo.includes(email)), { what: "the mention e-mail", timeoutMs: 20_000 });
      assert.equal(mail.to, email);
      assert.equal(mail.subject, "mailsender mentioned you");
      assert.match(mail.text, /^mailsender mentioned you$/m);
      assert.match(mail.text, /@mailsender: http:\/\/127\.0\.0\.1:3000\/@mailsender/);
      assert.equal(smtp.messages.filter((m) => m.envelopeTo.includes(email)).length, 1, "the bus delivered the event twice; one e-mail");
    });

    it("mails nobody who was active in the last minutes", async () => {
      const user = await signedInUser(h, "activeuser");
      await push.recordActivity({}, { viewerToken: user.viewerToken });
      await publishNotification(h, { notificationId: "7101", accountId: user.account.id, type: "mention", fromAccountId: sender.account.id, statusId: "6101" });
      assert.ok(await nothingMailedTo(user));
    });

    it("mails only the types the user's preferences turn on, Mastodon's defaults until they change them", async () => {
      const user = await signedInUser(h, "quietuser");
      await publishNotification(h, { notificationId: "7201", accountId: user.account.id, type: "favourite", fromAccountId: sender.account.id, statusId: "6201" });
      assert.ok(await nothingMailedTo(user));
      const defaults = await push.getNotificationEmails({}, { viewerToken: user.viewerToken });
      assert.deepEqual(Object.entries(defaults.types).filter(([, on]) => on).map(([type]) => type), ["mention", "follow", "follow_request", "admin.sign_up", "admin.report"]);
      const updated = await push.updateNotificationEmails({ types: { favourite: true, mention: true } }, { viewerToken: user.viewerToken });
      assert.deepEqual([updated.types.favourite, updated.types.mention, updated.types.follow, updated.types["admin.report"]], [true, true, false, false]);
      await publishNotification(h, { notificationId: "7202", accountId: user.account.id, type: "follow", fromAccountId: sender.account.id });
      assert.ok(await nothingMailedTo(user));
      await publishNotification(h, { notificationId: "7203", accountId: user.account.id, type: "favourite", fromAccountId: sender.account.id, statusId: "6203" });
      const mail = await waitFor(() => smtp.messages.find((m) => m.envelopeTo.includes(user.email)), { what: "the favourite e-mail", timeoutMs: 20_000 });
      assert.equal(mail.subject, "mailsender favourited your post");
    });

    it("mails nobody whose address is not confirmed", async () => {
      const { account, email } = await h.createUser("unconfirmed", { confirmed: false });
      await publishNotification(h, { notificationId: "7301", accountId: account.id, type: "mention", fromAccountId: sender.account.id, statusId: "6301" });
      const queued = await h.db.table("notification_deliveries").where({ account_id: account.id }).first();
      assert.equal(queued, undefined);
      assert.ok(!smtp.messages.some((m) => m.envelopeTo.includes(email)));
    });

    it("mails a new appeal to every staff member who manages appeals, once, whatever their preferences", async () => {
      const admin = await h.createUser("appeal_admin", { role: "Admin" });
      const owner = await h.createUser("appeal_owner", { role: "Owner" });
      // Moderators hold manage_reports and manage_users, not manage_appeals.
      const moderator = await h.createUser("appeal_mod", { role: "Moderator" });
      const plain = await signedInUser(h, "appeal_bystander");
      const appellant = await h.createUser("appellant");
      const type = "appeal.created";
      const payload = { appealId: "9101", strikeId: "9100", accountId: appellant.account.id, text: "I was quoting someone else." };
      await h.bus.publish(EVENT_CATALOG[type].topic, [newEnvelope({ type, source: "moderation", key: "9101", payload: encodePayload(type, payload) })]);
      for (const staff of [admin, owner]) {
        const mail = await waitFor(() => smtp.messages.find((m) => m.envelopeTo.includes(staff.email)), { what: `the appeal e-mail to ${staff.email}`, timeoutMs: 20_000 });
        assert.equal(mail.subject, "appellant appealed a moderation decision");
        assert.match(mail.text, /^I was quoting someone else\.$/m);
        assert.match(mail.text, /GET \/api\/v1\/admin\/appeals \(appeal 9101, strike 9100\)/);
      }
      assert.equal(smtp.messages.filter((m) => m.envelopeTo.includes(admin.email)).length, 1, "the bus delivered the event twice; one e-mail each");
      assert.ok(await nothingMailedTo(plain));
      // The staff e-mails are queued in one transaction: had the moderator been one, theirs would be here by now.
      assert.equal(smtp.messages.some((m) => m.envelopeTo.includes(moderator.email)), false);
    });
  });
}
