import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { waitFor } from "@starling/testkit";
import { generate } from "otplib";
import { startEmbeddedStack } from "../src/harness/embedded-stack.ts";
import { signIn } from "../src/harness/masto-session.ts";
import { runNode } from "../src/harness/processes.ts";
import type { Stack } from "../src/harness/stack.ts";

/** A browser for the gateway's pages: keeps cookies, does not follow redirects. */
class Browser {
  private readonly cookies = new Map<string, string>();
  private readonly base: string;
  constructor(base: string) {
    this.base = base;
  }

  async go(path: string, form?: Record<string, string>): Promise<{ status: number; text: string; location: string }> {
    const response = await fetch(`${this.base}${path}`, {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        "user-agent": "TwoFactorE2E/1.0",
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const [name = "", value = ""] = pair.split("=", 2).map((s) => s.trim());
      if (attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { status: response.status, text: await response.text(), location: response.headers.get("location") ?? "" };
  }

  /** The CSRF token of the form on `path`'s page. */
  async csrf(path: string): Promise<string> {
    return csrfOf((await this.go(path)).text);
  }
}

const csrfOf = (page: string) => /name="authenticity_token" value="([^"]+)"/.exec(page)?.[1] ?? assert.fail(`no form token in:\n${page}`);
const secretOf = (page: string) => /id="two-factor-secret">([A-Z2-7]+)</.exec(page)?.[1] ?? assert.fail(`no secret in:\n${page}`);
const totp = (secret: string, offsetSteps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

describe("two-factor sign-in and suspension through the gateway (embedded)", () => {
  const suffix = randomBytes(3).toString("hex");
  const dataDir = mkdtempSync(join(tmpdir(), "starling-e2e-2fa-"));
  const email = `twofa_${suffix}@example.com`;
  let stack: Stack;
  let password: string;
  let recoveryCodes: string[];
  let secret: string;

  /** Posts the sign-in form with a token fetched from the form page first. */
  const signInForm = async (browser: Browser, fields: Record<string, string>) => browser.go("/auth/sign_in", { authenticity_token: await browser.csrf("/auth/sign_in"), ...fields });

  before(async function () {
    this.timeout(180_000);
    stack = await startEmbeddedStack({ dataDir });
    password = await stack.createAccount(`twofa_${suffix}`, email);
  });
  after(async function () {
    this.timeout(60_000);
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("turns 2FA on in the web settings with a code computed from the secret shown, and shows ten recovery codes", async () => {
    const browser = new Browser(stack.url);
    const away = await browser.go("/settings/two_factor_authentication");
    assert.equal(away.status, 303);
    assert.match(away.location, /^\/auth\/sign_in\?return_to=%2Fsettings%2Ftwo_factor_authentication$/);
    const signedIn = await signInForm(browser, { email, password, return_to: "/settings/two_factor_authentication" });
    assert.deepEqual([signedIn.status, signedIn.location], [303, "/settings/two_factor_authentication"]);

    const setUp = await browser.go("/settings/two_factor_authentication");
    assert.equal(setUp.status, 200);
    secret = secretOf(setUp.text);
    assert.match(setUp.text, /href="otpauth:\/\/totp\//);
    const wrong = await browser.go("/settings/two_factor_authentication", { authenticity_token: csrfOf(setUp.text), code: "12345x", secret, provisioning_uri: "" });
    assert.equal(wrong.status, 422);
    assert.equal(secretOf(wrong.text), secret);
    const enabled = await browser.go("/settings/two_factor_authentication", { authenticity_token: csrfOf(setUp.text), code: await totp(secret) });
    assert.equal(enabled.status, 200);
    recoveryCodes = [...enabled.text.matchAll(/<li>([0-9a-f]{10})<\/li>/g)].map((m) => m[1]!);
    assert.equal(recoveryCodes.length, 10);
    assert.match((await browser.go("/settings/two_factor_authentication")).text, /Recovery codes left: 10/);
  });

  it("asks for the code after the password, refuses a wrong one, and signs in with a right one", async () => {
    const browser = new Browser(stack.url);
    const step = await signInForm(browser, { email, password });
    assert.equal(step.status, 200);
    assert.match(step.text, /name="otp_attempt"/);
    assert.equal((await browser.go("/settings/two_factor_authentication")).status, 303, "not signed in before the code");

    const valid = new Set(await Promise.all([-2, -1, 0, 1, 2].map((s) => totp(secret, s))));
    const wrongCode = ["000000", "111111", "222222"].find((c) => !valid.has(c))!;
    const refused = await browser.go("/auth/sign_in", { authenticity_token: csrfOf(step.text), email, password, otp_attempt: wrongCode });
    assert.equal(refused.status, 401);
    assert.match(refused.text, /class="error"/);

    const done = await browser.go("/auth/sign_in", { authenticity_token: csrfOf(step.text), email, password, otp_attempt: await totp(secret, 1) });
    assert.equal(done.status, 200);
    assert.match(done.text, /Signed in/);
    const history = await browser.go("/settings/login_activities");
    assert.equal(history.status, 200);
    assert.match(history.text, /<td>otp<\/td><td>signed in<\/td>/);
    assert.match(history.text, /refused \(invalid_otp\)/);
    assert.match(history.text, /TwoFactorE2E\/1\.0/);
  });

  it("signs in once with a recovery code", async () => {
    const first = await signInForm(new Browser(stack.url), { email, password, otp_attempt: recoveryCodes[0]! });
    assert.equal(first.status, 200);
    assert.match(first.text, /Signed in/);
    const again = await signInForm(new Browser(stack.url), { email, password, otp_attempt: recoveryCodes[0]! });
    assert.equal(again.status, 401);
  });

  it("refuses the OAuth password grant to a user with 2FA", async () => {
    const app = (await (await fetch(`${stack.url}/api/v1/apps`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ client_name: "2fa", redirect_uris: "urn:ietf:wg:oauth:2.0:oob", scopes: "read" }) })).json()) as { client_id: string; client_secret: string };
    const response = await fetch(`${stack.url}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ grant_type: "password", client_id: app.client_id, client_secret: app.client_secret, username: email, password, scope: "read" }),
    });
    assert.equal(response.status, 400);
    assert.equal(((await response.json()) as { error: string }).error, "invalid_grant");
  });

  it("answers a suspended user's token with 403 JSON on user APIs and renders the account empty, until unsuspended", async function () {
    this.timeout(120_000);
    const name = `susp_${suffix}`;
    const victim = `${name}@example.com`;
    const victimPassword = await stack.createAccount(name, victim);
    const session = await signIn(stack.url, victim, victimPassword);
    // The CLI finds the embedded server through DATA_DIR, as an operator's shell would.
    const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dataDir };
    for (const key of ["DATABASE_URL", "REDIS_URL", "KAFKA_BROKERS", "ACCOUNTS_GRPC_URL"]) delete env[key];
    const cli = (action: string) => runNode("packages/cli/src/main.ts", ["accounts", action, name], env);
    const me = () => fetch(`${stack.url}/api/v1/accounts/verify_credentials`, { headers: { authorization: `Bearer ${session.accessToken}` } });
    assert.match(await cli("suspend"), /^OK/m);
    const refused = await waitFor(async () => {
      const response = await me();
      return response.status === 403 && response;
    }, { what: "the suspended token refused", timeoutMs: 20_000 });
    assert.match(refused.headers.get("content-type") ?? "", /application\/json/);
    assert.deepEqual(await refused.json(), { error: "Your login is currently disabled" });

    const shown = (await (await fetch(`${stack.url}/api/v1/accounts/${session.account.id}`)).json()) as Record<string, unknown>;
    assert.equal(shown.suspended, true);
    assert.deepEqual([shown.display_name, shown.note, shown.fields, shown.emojis, shown.locked, shown.bot], ["", "", [], [], false, false]);
    assert.match(String(shown.avatar), /\/avatars\/original\/missing\.png$/);
    assert.match(String(shown.header), /\/headers\/original\/missing\.png$/);
    const blocked = await signInForm(new Browser(stack.url), { email: victim, password: victimPassword });
    assert.equal(blocked.status, 401);
    assert.match(blocked.text, /Your login is currently disabled/);

    assert.match(await cli("unsuspend"), /^OK/m);
    await waitFor(async () => (await me()).status === 200, { what: "the token accepted again", timeoutMs: 20_000 });
  });
});
