import assert from "node:assert/strict";
import { status } from "@grpc/grpc-js";
import { decodePayload, encodePayload, newEnvelope, TOPICS } from "@starling/events";
import { waitFor } from "@starling/testkit";
import { backends, rejection } from "./harness.ts";
import { authenticate, confirmationToken, form, register, rowCounts, settledRowCounts, startFixture, type Fixture } from "./registration-fixture.ts";

for (const backend of backends) {
  describe(`sign-up needing approval on ${backend.name}`, () => {
    let f: Fixture;
    let moderatorId: string;
    const as = async (role: string) => ({ viewerToken: await f.h.sign({ accountId: moderatorId, role: await f.h.role(role), scopes: ["admin:write"] }) });
    before(async function () {
      this.timeout(60_000);
      f = await startFixture(backend, "approved");
      moderatorId = (await f.h.createUser("mona", { role: "Moderator" })).account.id;
    });
    after(() => f.stop());

    it("asks for a reason", async () => {
      const answer = await register(f, form("quiet", { reason: "  " }));
      assert.deepEqual(answer.refused?.fieldErrors, [{ field: "reason", error: "ERR_BLANK", description: "can't be blank" }]);
    });

    it("keeps a confirmed user pending until a moderator approves, then announces the sign-up", async () => {
      const { accessToken } = (await register(f, form("hopeful", { reason: "I knit and post about it" }))).token!;
      const confirmed = await f.registration.confirmEmail({ confirmationToken: await confirmationToken(f, "hopeful@example.test") });
      assert.equal(confirmed.approved, false);
      assert.deepEqual(await rejection(authenticate(f, accessToken)), { code: status.PERMISSION_DENIED, details: "Your login is currently pending approval" });
      await f.h.bus.drain();
      assert.equal(f.signedUp.size, 0, "nothing announced while pending");
      assert.equal((await rejection(f.registration.approveUser({ username: "hopeful" }, await as("")))).code, status.PERMISSION_DENIED);
      const approved = await f.registration.approveUser({ username: "HOPEFUL" }, await as("Moderator"));
      assert.equal(approved.accountId, confirmed.accountId);
      assert.equal((await authenticate(f, accessToken)).accountId, confirmed.accountId);
      const events = await waitFor(() => f.signedUp.size > 0 && [...f.signedUp.values()], { what: "user.signed_up" });
      assert.deepEqual(decodePayload("user.signed_up", events[0]!), { accountId: confirmed.accountId, moderatorAccountIds: [moderatorId] });
      // Approving again changes nothing and announces nothing.
      await f.registration.approveUser({ accountId: confirmed.accountId }, await as("Moderator"));
      await f.h.bus.drain();
      assert.equal(f.signedUp.size, 1);
    });

    it("announces a user approved before confirming only when the address is confirmed", async () => {
      f.signedUp.clear();
      const { accessToken } = (await register(f, form("early_bird", { reason: "friends are here" }))).token!;
      const { accountId } = await f.registration.approveUser({ username: "early_bird" }, await as("Admin"));
      await f.h.bus.drain();
      assert.equal(f.signedUp.size, 0);
      assert.deepEqual(await rejection(authenticate(f, accessToken)), { code: status.PERMISSION_DENIED, details: "Your login is missing a confirmed e-mail address" });
      await f.registration.confirmEmail({ confirmationToken: await confirmationToken(f, "early_bird@example.test") });
      const events = await waitFor(() => f.signedUp.size > 0 && [...f.signedUp.values()], { what: "user.signed_up" });
      assert.equal(events[0]!.key, accountId);
    });

    it("lets a moderator reject a pending sign-up, deleting the user outright so the username and e-mail can sign up again", async () => {
      const { accessToken } = (await register(f, form("spammy", { reason: "buy my pills" }))).token!;
      const { accountId } = await f.registration.confirmEmail({ confirmationToken: await confirmationToken(f, "spammy@example.test") });
      assert.equal((await rejection(f.registration.rejectUser({ accountId }, await as("")))).code, status.PERMISSION_DENIED);
      await f.registration.rejectUser({ accountId }, await as("Moderator"));
      assert.equal(await f.h.db.table("accounts").where({ id: accountId }).first(), undefined, "no tombstone is left");
      assert.equal((await rejection(authenticate(f, accessToken))).code, status.UNAUTHENTICATED);
      assert.equal((await rejection(f.registration.rejectUser({ accountId }, await as("Moderator")))).code, status.NOT_FOUND);
      assert.deepEqual((await register(f, form("spammy", { reason: "second try" }))).refused, undefined, "the username and e-mail are free");

      const approved = await register(f, form("welcome_one", { reason: "hello" }));
      const welcome = await f.registration.approveUser({ username: "welcome_one" }, await as("Moderator"));
      const refused = await rejection(f.registration.rejectUser({ accountId: welcome.accountId }, await as("Moderator")));
      assert.equal(refused.code, status.FAILED_PRECONDITION, "only a user waiting for approval is rejected");
      assert.ok(approved.token);
    });

    it("refuses to approve unknown accounts", async () => {
      for (const target of [{ username: "nobody_here" }, { accountId: "123456789" }, { accountId: "not-an-id" }]) {
        assert.equal((await rejection(f.registration.approveUser(target, await as("Owner")))).code, status.NOT_FOUND);
      }
    });

    it("reports the approval mode", async () => {
      assert.deepEqual(await f.registration.getRegistrationSettings({}), { mode: "approved", enabled: true, approvalRequired: true });
    });
  });

  describe(`closed registrations on ${backend.name}`, () => {
    let f: Fixture;
    before(async function () {
      this.timeout(60_000);
      f = await startFixture(backend, "none");
    });
    after(() => f.stop());

    it("refuses every sign-up with Forbidden and writes nothing", async () => {
      const before = await settledRowCounts(f);
      assert.deepEqual(await rejection(register(f, form("latecomer"))), { code: status.PERMISSION_DENIED, details: "Forbidden" });
      assert.deepEqual(await rowCounts(f), before);
      assert.deepEqual(await f.registration.getRegistrationSettings({}), { mode: "none", enabled: false, approvalRequired: false });
    });

    it("refuses a sign-up without an app behind the call", async () => {
      assert.equal((await rejection(f.registration.register(form("ghost")))).code, status.UNAUTHENTICATED);
    });

    it("follows the registration mode staff set in the instance settings, ignoring an older change delivered late", async () => {
      const changed = (mode: string | undefined, at: number) =>
        newEnvelope({ type: "instance_settings.updated", source: "moderation", key: "instance", payload: encodePayload("instance_settings.updated", { registrationsMode: mode, emailMxCheck: false, updatedAt: new Date(at) }) });
      const now = Date.now();
      await f.h.bus.publish(TOPICS.moderation, [changed("open", now)]);
      await waitFor(async () => (await f.registration.getRegistrationSettings({})).mode === "open", { what: "the open mode" });
      assert.equal((await register(f, form("welcome_now"))).refused, undefined);
      await f.h.bus.publish(TOPICS.moderation, [changed("approved", now - 60_000)]);
      await f.h.bus.drain();
      assert.equal((await f.registration.getRegistrationSettings({})).mode, "open");
      await f.h.bus.publish(TOPICS.moderation, [changed(undefined, now + 1)]);
      await waitFor(async () => (await f.registration.getRegistrationSettings({})).mode === "none", { what: "back to the default" });
      assert.deepEqual(await rejection(register(f, form("too_late"))), { code: status.PERMISSION_DENIED, details: "Forbidden" });
    });
  });
}
