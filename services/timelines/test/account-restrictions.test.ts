import assert from "node:assert/strict";
import { backends } from "./backends.ts";
import { startHarness, type Harness } from "./harness.ts";
import { accounts, follow, post, publishPost } from "./scenario.ts";

const t = (n: number) => new Date(Date.UTC(2024, 0, 1, 0, 0, n));

for (const backend of backends()) {
  describe(`suspended and silenced accounts, and report notifications, on ${backend.name}`, function () {
    this.timeout(60_000);
    let h: Harness;
    before(async () => {
      h = await startHarness(await backend.database(), backend.kv());
    });
    after(async function () {
      await h?.stop();
      await backend.close();
    });

    const rebuilt = async (accountId: string) => {
      await h.kv.del(`feed:home:${accountId}`, `feed:home:${accountId}:built`);
      return h.home(accountId, { limit: 40 });
    };
    const suspend = (accountId: string, at?: Date) => h.publish("account.suspended", accountId, { accountId, suspendedAt: at ?? new Date() }, at);
    const unsuspend = (accountId: string, at?: Date) => h.publish("account.unsuspended", accountId, { accountId }, at);
    const restrict = (accountId: string, silenced: boolean) => h.publish("account.restricted", accountId, { accountId, silenced, sensitized: false, disabled: false });

    it("takes a suspended author's statuses out of followers' homes, rebuilds and the public timeline, and brings them back when lifted", async () => {
      const { reader, offender, friend } = accounts("reader", "offender", "friend");
      await Promise.all([follow(h, reader, offender), follow(h, reader, friend)]);
      await h.drain();
      const theirs = await publishPost(h, post(offender));
      const kept = await publishPost(h, post(friend));
      await h.drain();
      assert.deepEqual(await h.home(reader), [kept, theirs]);
      await suspend(offender, t(10));
      await h.drain();
      assert.deepEqual(await h.home(reader), [kept]);
      assert.deepEqual(await rebuilt(reader), [kept], "a rebuild keeps them out");
      assert.ok(!(await h.publicTimeline({ limit: 200 })).includes(theirs));
      // A suspension's end that happened before it does not lift it.
      await unsuspend(offender, t(5));
      await h.drain();
      assert.deepEqual(await h.home(reader), [kept]);
      await unsuspend(offender, t(20));
      await h.drain();
      assert.deepEqual(await h.home(reader), [kept, theirs]);
      assert.ok((await h.publicTimeline({ limit: 200 })).includes(theirs));
    });

    it("keeps a silenced author off the public timeline but in its followers' homes", async () => {
      const { reader2: reader, loud } = accounts("reader2", "loud");
      await follow(h, reader, loud);
      await h.drain();
      await restrict(loud, true);
      const status = await publishPost(h, post(loud));
      await h.drain();
      assert.ok(!(await h.publicTimeline({ limit: 200 })).includes(status));
      assert.deepEqual(await h.home(reader), [status]);
      await restrict(loud, false);
      await h.drain();
      assert.ok((await h.publicTimeline({ limit: 200 })).includes(status));
    });

    it("lets a silenced account notify only its followers", async () => {
      const { quiet, follower, stranger } = accounts("quiet", "follower", "stranger");
      await follow(h, follower, quiet);
      await restrict(quiet, true);
      await h.drain();
      await publishPost(h, post(quiet, { mentionedAccountIds: [follower, stranger] }));
      await h.drain();
      const mentions = async (accountId: string) => (await h.notifications.listNotifications({ types: ["mention"], excludeTypes: [], page: {} }, await h.as(accountId))).notifications.length;
      assert.deepEqual([await mentions(follower), await mentions(stranger)], [1, 0]);
    });

    it("tells the staff named by report.created, once, with the report", async () => {
      const { mod, admin, reporter, target } = accounts("mod", "admin", "reporter", "target");
      const report = { reportId: "777", accountId: reporter, targetAccountId: target, category: "spam", createdAt: new Date(), staffAccountIds: [mod, admin] };
      await h.publish("report.created", "777", report);
      await h.publish("report.created", "777", report);
      await h.drain();
      for (const staff of [mod, admin]) {
        const listed = (await h.notifications.listNotifications({ types: ["admin.report"], excludeTypes: [], page: {} }, await h.as(staff))).notifications;
        assert.deepEqual(listed.map((n) => [n.type, n.fromAccountId, n.reportId]), [["admin.report", reporter, "777"]]);
      }
    });
  });
}
