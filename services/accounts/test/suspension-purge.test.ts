// Mastodon's 30-day window: a suspended account's data is kept, hidden, so staff can lift the
// suspension; once 30 days have passed the purge deletes it for good.
import assert from "node:assert/strict";
import { status } from "@grpc/grpc-js";
import { SecurityServiceClient } from "@starling/proto/accounts/v1/security";
import { connectService, createIdGenerator, type AsyncClient } from "@starling/runtime";
import { localUrls } from "../src/domain/account.ts";
import { createMailer } from "../src/mail/mailer.ts";
import { purgeLapsedSuspensions, SUSPENSION_GRACE_MS } from "../src/use-cases/purge-lapsed-suspensions.ts";
import type { AccountsDeps } from "../src/use-cases/deps.ts";
import { backends, rejection, startHarness, type Harness } from "./harness.ts";

const DAY = 24 * 60 * 60 * 1000;

for (const backend of backends) {
  describe(`suspension purge after 30 days (${backend.name})`, function () {
    this.timeout(60_000);
    let h: Harness;
    let security: AsyncClient<SecurityServiceClient>;
    const owner = async () => ({ viewerToken: await h.sign({ role: await h.role("Owner"), scopes: ["admin:write"] }) });
    /** The service's use cases on its database, with a clock `offsetMs` ahead. */
    const later = (offsetMs: number): AccountsDeps => ({
      db: h.db, newId: createIdGenerator(), nudge: () => {}, urls: localUrls("localhost", false), now: () => new Date(Date.now() + offsetMs), mailer: createMailer({ mailboxDir: "/nonexistent-mailbox", from: "test@localhost" }),
    });
    const deletedAt = async (id: string) => (await h.db.table("accounts").where({ id }).first("deleted_at")).deleted_at as Date | null;

    before(async () => {
      h = await startHarness(backend);
      security = connectService(SecurityServiceClient, `127.0.0.1:${h.grpcPort}`, { deadlineMs: 10_000 });
    });
    after(async () => {
      security?.close();
      await h?.stop();
    });

    it("keeps a suspended account for 30 days, restorable by unsuspension, then deletes it for good", async () => {
      const kept = await h.createUser("kept_for_now");
      const lifted = await h.createUser("lifted_in_time");
      const spared = await h.createUser("never_suspended");
      for (const user of [kept, lifted]) await security.suspendAccount({ accountId: user.account.id }, await owner());

      assert.equal(await purgeLapsedSuspensions(later(29 * DAY)), 0);
      assert.equal(await deletedAt(kept.account.id), null);
      await security.unsuspendAccount({ accountId: lifted.account.id }, await owner());
      assert.equal((await h.client.getAccounts({ ids: [lifted.account.id] })).accounts[0]!.suspended, false);

      assert.equal(await purgeLapsedSuspensions(later(SUSPENSION_GRACE_MS + DAY)), 1);
      assert.notEqual(await deletedAt(kept.account.id), null);
      assert.equal(await deletedAt(lifted.account.id), null);
      assert.equal(await deletedAt(spared.account.id), null);
      assert.equal(await purgeLapsedSuspensions(later(SUSPENSION_GRACE_MS + DAY)), 0, "a second run finds nothing left");
      const lift = await rejection(security.unsuspendAccount({ accountId: kept.account.id }, await owner()));
      assert.equal(lift.code, status.FAILED_PRECONDITION, "past 30 days the suspension can no longer be lifted");
    });
  });
}
