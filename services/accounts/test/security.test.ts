import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { status } from "@grpc/grpc-js";
import { decodePayload, TOPICS, type EventEnvelope } from "@starling/events";
import type { App } from "@starling/proto/accounts/v1/accounts";
import { SecurityServiceClient } from "@starling/proto/accounts/v1/security";
import { SessionsServiceClient } from "@starling/proto/accounts/v1/sessions";
import { connectService, type AsyncClient } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { generate } from "otplib";
import { backends, rejection, startHarness, type Harness } from "./harness.ts";

/** The TOTP code an authenticator app shows `offsetSteps` 30-second steps from now. */
const totp = (secret: string, offsetSteps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

/** A six-digit code that is none of the ones accepted around now. */
async function wrongCode(secret: string): Promise<string> {
  const valid = new Set(await Promise.all([-2, -1, 0, 1, 2].map((step) => totp(secret, step))));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, "0");
    if (!valid.has(candidate)) return candidate;
  }
}

/** Sign-in alerts in the service's local mailbox addressed to `email`. */
async function alertsTo(h: Harness, email: string): Promise<string[]> {
  const dir = join(h.dataDir, "mail");
  const names = await readdir(dir).catch(() => [] as string[]);
  const mails = await Promise.all(names.map((name) => readFile(join(dir, name), "utf8")));
  return mails.filter((mail) => mail.includes(`To: ${email}`) && /Subject: New sign-in from /.test(mail));
}

for (const backend of backends) {
  describe(`sign-in security on ${backend.name}`, () => {
    let h: Harness;
    let security: AsyncClient<SecurityServiceClient>;
    let sessions: AsyncClient<SessionsServiceClient>;
    let app: App;
    const as = async (accountId: string, role = "") => ({ viewerToken: await h.sign({ accountId, role: await h.role(role), scopes: ["read", "write"] }) });
    const signIn = (email: string, password: string, fields: Partial<{ otpAttempt: string; ip: string; userAgent: string }> = {}) =>
      sessions.signIn({ email, password, ip: "192.0.2.1", userAgent: "TestBrowser/1.0", ...fields });
    const passwordGrant = (username: string, password: string) =>
      h.client.issueToken({ clientId: app.clientId, clientSecret: app.clientSecret, password: { username, password, scope: "read" } });

    before(async () => {
      h = await startHarness(backend);
      security = connectService(SecurityServiceClient, `127.0.0.1:${h.grpcPort}`, { deadlineMs: 10_000 });
      sessions = connectService(SessionsServiceClient, `127.0.0.1:${h.grpcPort}`, { deadlineMs: 10_000 });
      app = (await h.client.createApp({ clientName: "Security tests", redirectUris: "urn:ietf:wg:oauth:2.0:oob", scopes: "read write", website: "" })).app!;
    });
    after(async () => {
      security.close();
      sessions.close();
      await h.stop();
    });

    describe("two-factor authentication", () => {
      let user: Awaited<ReturnType<Harness["createUser"]>>;
      let secret: string;
      let recoveryCodes: string[];
      before(async () => {
        user = await h.createUser("tess", { password: "correct horse battery" });
      });

      it("sets up a pending secret with an otpauth URI that changes nothing at sign-in yet", async () => {
        const pending = await security.setUpTwoFactor({}, await as(user.account.id));
        secret = pending.secret;
        assert.match(secret, /^[A-Z2-7]{32}$/);
        const uri = new URL(pending.provisioningUri);
        assert.equal(uri.protocol, "otpauth:");
        assert.equal(uri.searchParams.get("secret"), secret);
        assert.equal(uri.searchParams.get("issuer"), "127.0.0.1:3000");
        assert.equal((await security.getTwoFactorStatus({}, await as(user.account.id))).enabled, false);
        const signedIn = await signIn(user.email, user.password);
        assert.equal(signedIn.otpRequired, undefined);
        assert.equal(signedIn.user?.accountId, user.account.id);
      });

      it("refuses to enable 2FA with a wrong code", async () => {
        const failure = await rejection(security.enableTwoFactor({ code: await wrongCode(secret) }, await as(user.account.id)));
        assert.equal(failure.code, status.INVALID_ARGUMENT);
        assert.equal((await security.getTwoFactorStatus({}, await as(user.account.id))).enabled, false);
      });

      it("enables 2FA with a code computed from the secret and hands out ten recovery codes once", async () => {
        recoveryCodes = (await security.enableTwoFactor({ code: await totp(secret) }, await as(user.account.id))).recoveryCodes;
        assert.equal(recoveryCodes.length, 10);
        assert.equal(new Set(recoveryCodes).size, 10);
        for (const code of recoveryCodes) assert.match(code, /^[0-9a-f]{10}$/);
        assert.deepEqual(await security.getTwoFactorStatus({}, await as(user.account.id)), { enabled: true, recoveryCodesLeft: 10 });
        const again = await rejection(security.setUpTwoFactor({}, await as(user.account.id)));
        assert.equal(again.code, status.FAILED_PRECONDITION);
      });

      it("asks for a code after a right password, without saying who signed in", async () => {
        assert.deepEqual(await signIn(user.email, user.password), { user: undefined, otpRequired: true });
        const badPassword = await rejection(signIn(user.email, "wrong password", { otpAttempt: await totp(secret, 1) }));
        assert.equal(badPassword.code, status.UNAUTHENTICATED);
      });

      it("refuses a wrong code and records the failed attempt", async () => {
        const failure = await rejection(signIn(user.email, user.password, { otpAttempt: await wrongCode(secret), ip: "198.51.100.9" }));
        assert.equal(failure.code, status.UNAUTHENTICATED);
        const [latest] = (await security.listSignIns({ limit: 1 }, await as(user.account.id))).signIns;
        assert.equal(latest!.success, false);
        assert.equal(latest!.ip, "198.51.100.9");
        assert.equal(latest!.failureReason, "invalid_otp");
      });

      it("signs in with a current code, and refuses the same code a second time", async () => {
        const code = await totp(secret, 1);
        const signedIn = await signIn(user.email, user.password, { otpAttempt: code });
        assert.deepEqual(signedIn, { user: { userId: signedIn.user!.userId, accountId: user.account.id }, otpRequired: undefined });
        assert.equal((await rejection(signIn(user.email, user.password, { otpAttempt: code }))).code, status.UNAUTHENTICATED);
        const [, accepted] = (await security.listSignIns({ limit: 2 }, await as(user.account.id))).signIns;
        assert.deepEqual([accepted!.authenticationMethod, accepted!.success], ["otp", true]);
      });

      it("accepts a recovery code exactly once", async () => {
        const code = recoveryCodes[3]!;
        const signedIn = await signIn(user.email, user.password, { otpAttempt: code.toUpperCase() });
        assert.equal(signedIn.user?.accountId, user.account.id);
        assert.equal((await rejection(signIn(user.email, user.password, { otpAttempt: code }))).code, status.UNAUTHENTICATED);
        assert.equal((await security.getTwoFactorStatus({}, await as(user.account.id))).recoveryCodesLeft, 9);
        const [refused, used] = (await security.listSignIns({ limit: 2 }, await as(user.account.id))).signIns;
        assert.deepEqual([used!.authenticationMethod, used!.success], ["recovery_code", true]);
        assert.equal(refused!.success, false);
      });

      it("refuses the password grant with invalid_grant while 2FA is on", async () => {
        const failure = await rejection(passwordGrant(user.email, user.password));
        assert.equal(failure.code, status.INVALID_ARGUMENT);
        assert.match(failure.details, /^invalid_grant: /);
      });

      it("disables 2FA only with the password or a code, after which the password is enough again", async () => {
        const wrong = await rejection(security.disableTwoFactor({ password: "not it" }, await as(user.account.id)));
        assert.equal(wrong.code, status.INVALID_ARGUMENT);
        await security.disableTwoFactor({ password: user.password }, await as(user.account.id));
        assert.deepEqual(await security.getTwoFactorStatus({}, await as(user.account.id)), { enabled: false, recoveryCodesLeft: 0 });
        assert.equal((await signIn(user.email, user.password)).user?.accountId, user.account.id);
        assert.ok((await passwordGrant(user.email, user.password)).accessToken);
      });
    });

    describe("sign-in history and unfamiliar addresses", () => {
      it("records each sign-in with time, IP address, user agent and method, newest first", async () => {
        const user = await h.createUser("hank", { password: "correct horse battery" });
        const started = Date.now();
        await signIn(user.email, user.password, { ip: "203.0.113.1", userAgent: "Firefox/130" });
        await signIn(user.email, user.password, { ip: "2001:db8::1", userAgent: "Safari/17" });
        const history = (await security.listSignIns({ limit: 0 }, await as(user.account.id))).signIns;
        assert.deepEqual(
          history.map((s) => [s.ip, s.userAgent, s.authenticationMethod, s.success]),
          [
            ["2001:db8::1", "Safari/17", "password", true],
            ["203.0.113.1", "Firefox/130", "password", true],
          ],
        );
        assert.ok(history[0]!.createdAt!.getTime() >= started - 1000);
        const other = await h.createUser("ivy");
        assert.deepEqual((await security.listSignIns({ limit: 0 }, await as(other.account.id))).signIns, []);
      });

      it("e-mails the user about a sign-in from an IP address never seen for them, and only then", async () => {
        const user = await h.createUser("lena", { password: "correct horse battery" });
        await signIn(user.email, user.password, { ip: "203.0.113.7" });
        await signIn(user.email, user.password, { ip: "203.0.113.7" });
        assert.deepEqual(await alertsTo(h, user.email), [], "no alert for a first sign-in or a known address");
        await signIn(user.email, user.password, { ip: "198.51.100.23", userAgent: "Curious/2.0" });
        const alerts = await alertsTo(h, user.email);
        assert.equal(alerts.length, 1);
        assert.match(alerts[0]!, /Subject: New sign-in from 198\.51\.100\.23/);
        assert.match(alerts[0]!, /Curious\/2\.0/);
        assert.doesNotMatch(alerts[0]!, /\bcode\b/i, "the alert asks for no code");
        await signIn(user.email, user.password, { ip: "198.51.100.23" });
        assert.equal((await alertsTo(h, user.email)).length, 1);
      });

      it("updates the current sign-in time that the active-user counts read", async () => {
        const before = await h.client.getUsageStats({});
        const user = await h.createUser("mona", { password: "correct horse battery" });
        await signIn(user.email, user.password);
        const after = await h.client.getUsageStats({});
        assert.equal(Number(after.stats!.usersActiveMonth), Number(before.stats!.usersActiveMonth) + 1);
      });
    });

    describe("suspension", () => {
      it("refuses the tokens and sign-ins of a suspended user, keeps the account visible as suspended, and announces it", async () => {
        const seen: EventEnvelope[] = [];
        const subscription = await h.bus.subscribe({ topics: [TOPICS.accounts], group: "test-suspension-events", handler: async (e) => void seen.push(e) });
        const moderator = await h.createUser("moe", { role: "Moderator" });
        const user = await h.createUser("spam", { password: "correct horse battery" });
        const { accessToken } = await passwordGrant(user.email, user.password);
        const suspended = await security.suspendAccount({ accountId: user.account.id }, await as(moderator.account.id, "Moderator"));
        assert.equal(suspended.accountId, user.account.id);
        const refused = await rejection(h.client.authenticate({ accessToken }));
        assert.deepEqual(refused, { code: status.PERMISSION_DENIED, details: "Your login is currently disabled" });
        assert.equal((await rejection(signIn(user.email, user.password))).code, status.UNAUTHENTICATED);
        assert.equal((await rejection(passwordGrant(user.email, user.password))).code, status.INVALID_ARGUMENT);
        const [shown] = (await h.client.getAccounts({ ids: [user.account.id] })).accounts;
        assert.equal(shown!.suspended, true);

        await security.unsuspendAccount({ accountId: user.account.id }, await as(moderator.account.id, "Moderator"));
        assert.equal((await h.client.authenticate({ accessToken })).accountId, user.account.id);
        const events = await waitFor(() => {
          const mine = seen.filter((e) => e.key === user.account.id && e.type.startsWith("account.") && e.type.endsWith("suspended"));
          return new Set(mine.map((e) => e.type)).size === 2 && mine;
        }, { what: "suspension events" });
        const payload = decodePayload("account.suspended", events.find((e) => e.type === "account.suspended")!);
        assert.equal(payload.accountId, user.account.id);
        assert.deepEqual(payload.suspendedAt, suspended.suspendedAt);
        assert.equal(decodePayload("account.unsuspended", events.find((e) => e.type === "account.unsuspended")!).accountId, user.account.id);
        await subscription.stop();
      });

      it("suspends a local account by username, as the CLI does, and suspending twice changes nothing", async () => {
        const owner = { viewerToken: await h.sign({ role: await h.role("Owner"), scopes: ["admin:write"] }) };
        const user = await h.createUser("Vex");
        const first = await security.suspendAccount({ username: "vex" }, owner);
        const second = await security.suspendAccount({ username: "VEX" }, owner);
        assert.equal(first.accountId, user.account.id);
        assert.deepEqual(second.suspendedAt, first.suspendedAt);
        assert.equal((await rejection(security.suspendAccount({ username: "nobody-here" }, owner))).code, status.NOT_FOUND);
        assert.equal((await rejection(security.suspendAccount({}, owner))).code, status.INVALID_ARGUMENT);
        // The target is a oneof: naming the account both ways is refused, not settled by either field.
        assert.equal((await rejection(security.unsuspendAccount({ accountId: user.account.id, username: "vex" }, owner))).code, status.INVALID_ARGUMENT);
      });

      it("lets only staff suspend, and only accounts whose role ranks below theirs", async () => {
        const plain = await h.createUser("pat");
        const moderator = await h.createUser("mod2", { role: "Moderator" });
        const admin = await h.createUser("adm", { role: "Admin" });
        const cases: [string, string, string][] = [
          [plain.account.id, "", moderator.account.id],
          [moderator.account.id, "Moderator", admin.account.id],
          [moderator.account.id, "Moderator", moderator.account.id],
          [admin.account.id, "Admin", admin.account.id],
        ];
        for (const [actor, role, target] of cases) {
          const failure = await rejection(security.suspendAccount({ accountId: target }, await as(actor, role)));
          assert.equal(failure.code, status.PERMISSION_DENIED, `${role || "user"} → ${target}`);
        }
        await security.suspendAccount({ accountId: moderator.account.id }, await as(admin.account.id, "Admin"));
        assert.equal((await h.client.getAccounts({ ids: [moderator.account.id] })).accounts[0]!.suspended, true);
      });
    });
  });
}
