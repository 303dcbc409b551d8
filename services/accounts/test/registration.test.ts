import assert from "node:assert/strict";
import { status } from "@grpc/grpc-js";
import { decodePayload } from "@starling/events";
import { waitFor } from "@starling/testkit";
import { backends, rejection } from "./harness.ts";
import { authenticate, confirmationToken, form, register, rowCounts, settledRowCounts, startFixture, type Fixture } from "./registration-fixture.ts";

for (const backend of backends) {
  describe(`sign-up in open mode on ${backend.name}`, () => {
    let f: Fixture;
    before(async function () {
      this.timeout(60_000);
      f = await startFixture(backend, "open");
    });
    after(() => f.stop());

    it("registers a user whose token works only after the mailed link confirms the address, and tells the moderators once", async () => {
      const owner = await f.h.createUser("olga", { role: "Owner" });
      const moderator = await f.h.createUser("milo", { role: "Moderator" });
      await f.h.createUser("plain_pat");
      const answer = await register(f, form("newbie", { locale: "pt-br" }));
      assert.deepEqual(answer.refused, undefined);
      assert.match(answer.token!.accessToken, /^[\w-]{43}$/);
      assert.equal(answer.token!.tokenType, "Bearer");
      assert.equal(answer.token!.scope, "read write follow");
      const refused = await rejection(authenticate(f, answer.token!.accessToken));
      assert.deepEqual(refused, { code: status.PERMISSION_DENIED, details: "Your login is missing a confirmed e-mail address" });
      const token = await confirmationToken(f, "newbie@example.test");
      const confirmed = await f.registration.confirmEmail({ confirmationToken: token });
      assert.equal(confirmed.username, "newbie");
      assert.equal(confirmed.approved, true);
      const viewer = await authenticate(f, answer.token!.accessToken);
      assert.equal(viewer.accountId, confirmed.accountId);
      assert.deepEqual(viewer.scopes, ["read", "write", "follow"]);
      // A second click on the link answers the same and announces nothing new.
      assert.deepEqual(await f.registration.confirmEmail({ confirmationToken: token }), confirmed);
      const [event] = await waitFor(() => f.signedUp.size > 0 && [...f.signedUp.values()], { what: "user.signed_up" });
      assert.equal(event!.key, confirmed.accountId);
      const payload = decodePayload("user.signed_up", event!);
      assert.deepEqual(payload.moderatorAccountIds.sort(), [owner.account.id, moderator.account.id].sort());
      await f.h.bus.drain();
      assert.equal(f.signedUp.size, 1);
      const user = (await f.h.db.table("users").where({ account_id: confirmed.accountId }).first()) as { locale: string };
      assert.equal(user.locale, "pt-BR");
      // The dashboard's sources: account.created names the app the sign-up came through.
      const created = await waitFor(() => f.created.get(confirmed.accountId), { what: "account.created" });
      const { createdByApplicationId, createdByApplicationName } = decodePayload("account.created", created);
      assert.deepEqual([createdByApplicationId, createdByApplicationName], [f.app.id, "Sign-up client"]);
    });

    it("refuses every bad field at once with Mastodon's error codes and writes nothing", async () => {
      const before = await settledRowCounts(f);
      const answer = await register(f, { username: "bad name!", email: "not-an-address", password: "short", agreement: false, locale: "xx-YY", reason: "r".repeat(421), ip: "" });
      assert.equal(answer.token, undefined);
      assert.deepEqual(
        answer.refused?.fieldErrors.map((e) => [e.field, e.error]),
        [["username", "ERR_INVALID"], ["email", "ERR_INVALID"], ["password", "ERR_TOO_SHORT"], ["agreement", "ERR_ACCEPTED"], ["locale", "ERR_INCLUSION"], ["reason", "ERR_TOO_LONG"]],
      );
      assert.match(answer.refused!.error, /^Validation failed: Username must contain only letters, numbers and underscores, Email is invalid, Password is too short \(minimum is 8 characters\), Agreement must be accepted/);
      const oversize = await register(f, form("u".repeat(31), { email: `${"e".repeat(250)}@example.test`, password: "p".repeat(73) }));
      assert.deepEqual(oversize.refused?.fieldErrors.map((e) => [e.field, e.error]), [["username", "ERR_TOO_LONG"], ["email", "ERR_TOO_LONG"], ["password", "ERR_TOO_LONG"]]);
      const reserved = await register(f, form("Admin"));
      assert.deepEqual(reserved.refused?.fieldErrors, [{ field: "username", error: "ERR_RESERVED", description: "is reserved" }]);
      assert.deepEqual(await rowCounts(f), before);
    });

    it("refuses a username or address already taken, whatever the case, and writes nothing", async () => {
      await register(f, form("taken_one"));
      const before = await settledRowCounts(f);
      const answer = await register(f, form("TAKEN_ONE", { email: "Taken_One@Example.test" }));
      assert.deepEqual(answer.refused?.fieldErrors, [
        { field: "username", error: "ERR_TAKEN", description: "has already been taken" },
        { field: "email", error: "ERR_TAKEN", description: "has already been taken" },
      ]);
      assert.equal(answer.refused?.error, "Validation failed: Username has already been taken, Email has already been taken");
      assert.deepEqual(await rowCounts(f), before);
    });

    it("refuses unknown and expired confirmation links", async () => {
      assert.deepEqual(await rejection(f.registration.confirmEmail({ confirmationToken: "no-such-token" })), { code: status.NOT_FOUND, details: "Confirmation token is invalid" });
      assert.equal((await rejection(f.registration.confirmEmail({ confirmationToken: "" }))).code, status.NOT_FOUND);
      await register(f, form("slowpoke"));
      const token = await confirmationToken(f, "slowpoke@example.test");
      await f.h.db.table("registrations").update({ confirmation_sent_at: new Date(Date.now() - 3 * 24 * 3600_000) }).whereIn("user_id", f.h.db.table("users").select("id").where({ email: "slowpoke@example.test" }));
      const expired = await rejection(f.registration.confirmEmail({ confirmationToken: token }));
      assert.equal(expired.code, status.FAILED_PRECONDITION);
      assert.match(expired.details, /within 2 days/);
    });

    it("mails a new link, to a corrected address if asked, only for the sign-up app's token of an unconfirmed user", async () => {
      const { accessToken } = (await register(f, form("typo_tom", { email: "tom@exampel.test" }))).token!;
      const first = await confirmationToken(f, "tom@exampel.test");
      await f.registration.resendConfirmation({ accessToken, email: "tom@example.test" });
      const second = await confirmationToken(f, "tom@example.test");
      assert.notEqual(second, first);
      assert.equal((await rejection(f.registration.confirmEmail({ confirmationToken: first }))).code, status.NOT_FOUND);
      const taken = await rejection(f.registration.resendConfirmation({ accessToken, email: "olga@example.test" }));
      assert.deepEqual(taken, { code: status.INVALID_ARGUMENT, details: "Validation failed: Email has already been taken" });
      assert.equal((await rejection(f.registration.resendConfirmation({ accessToken, email: "nope" }))).code, status.INVALID_ARGUMENT);
      assert.equal((await rejection(f.registration.resendConfirmation({ accessToken: "bogus" }))).code, status.UNAUTHENTICATED);
      await f.registration.confirmEmail({ confirmationToken: second });
      const done = await rejection(f.registration.resendConfirmation({ accessToken }));
      assert.deepEqual(done, { code: status.PERMISSION_DENIED, details: "This method is only available while the e-mail is awaiting confirmation" });
      const user = (await f.h.db.table("users").where({ email: "tom@example.test" }).first()) as { confirmed_at: Date | null };
      assert.ok(user.confirmed_at);
    });

    it("refuses the resend to a token of another app than the sign-up one, and to a token without a write scope", async () => {
      const { accessToken } = (await register(f, form("wanda"))).token!;
      const other = (await f.h.client.createApp({ clientName: "Other", redirectUris: "urn:ietf:wg:oauth:2.0:oob", scopes: "read write", website: "" })).app!;
      // As if wanda had signed up through `other`: the fixture app's token no longer qualifies.
      await f.h.db.table("registrations").update({ app_id: other.id }).whereIn("user_id", f.h.db.table("users").select("id").where({ email: "wanda@example.test" }));
      const wrongApp = await rejection(f.registration.resendConfirmation({ accessToken }));
      assert.deepEqual(wrongApp, { code: status.PERMISSION_DENIED, details: "This method is only available to the application the user originally signed-up with" });
      const readOnly = (await f.h.client.createApp({ clientName: "Reader", redirectUris: "urn:ietf:wg:oauth:2.0:oob", scopes: "read", website: "" })).app!;
      const reader = await f.registration.register(form("rita"), { viewerToken: await f.h.sign({ appId: readOnly.id, scopes: ["read"] }) });
      assert.equal(reader.token!.scope, "read");
      const outside = await rejection(f.registration.resendConfirmation({ accessToken: reader.token!.accessToken }));
      assert.deepEqual(outside, { code: status.PERMISSION_DENIED, details: "This action is outside the authorized scopes" });
    });

    it("reports the open mode", async () => {
      assert.deepEqual(await f.registration.getRegistrationSettings({}), { mode: "open", enabled: true, approvalRequired: false });
    });
  });
}
