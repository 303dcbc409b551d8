import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { createOAuthAPIClient, createRestAPIClient, type mastodon } from "masto";
import { STARLING_VERSION } from "@starling/runtime";
import { readMailbox } from "@starling/testkit";
import { startEmbeddedStack } from "../src/harness/embedded-stack.ts";
import { runNode } from "../src/harness/processes.ts";
import type { Stack } from "../src/harness/stack.ts";

/** An app and its client_credentials token, as a Mastodon app does before showing its sign-up form. */
async function appClient(url: string, scopes: string): Promise<{ client: mastodon.rest.Client; accessToken: string }> {
  const app = await createRestAPIClient({ url }).v1.apps.create({ clientName: "sign-up e2e", redirectUris: "urn:ietf:wg:oauth:2.0:oob", scopes });
  const token = await createOAuthAPIClient({ url }).token.create({ grantType: "client_credentials", clientId: app.clientId!, clientSecret: app.clientSecret!, redirectUri: "urn:ietf:wg:oauth:2.0:oob", scope: scopes });
  return { client: createRestAPIClient({ url, accessToken: token.accessToken }), accessToken: token.accessToken };
}

/** The path and query of the newest confirmation link mailed to `email` (the mail names the public host). */
async function confirmationPath(stack: Stack, email: string): Promise<string> {
  const mails = (await readMailbox(join(stack.dataDir!, "mail"))).filter((m) => m.to === email);
  const link = /https?:\/\/\S+(\/auth\/confirmation\?confirmation_token=[\w-]+)/.exec(mails.at(-1)?.text ?? "");
  assert.ok(link?.[1], `a confirmation link mailed to ${email}`);
  return link[1];
}

/** The HTTP status and JSON body of a masto call that must fail. */
async function failure(call: Promise<unknown>): Promise<{ statusCode: number; message: string; details?: Record<string, { error: string }[]> }> {
  const error = await call.then(
    () => assert.fail("expected the call to fail"),
    (e: unknown) => e as { statusCode: number; message: string; details?: Record<string, { error: string }[]> },
  );
  return error;
}

const post = (stack: Stack, path: string, token: string | undefined, body: string, type = "application/json") =>
  fetch(`${stack.url}${path}`, { method: "POST", headers: { "content-type": type, ...(token ? { authorization: `Bearer ${token}` } : {}) }, body });

describe("sign-up on the embedded run", () => {
  let stack: Stack;
  let app: { client: mastodon.rest.Client; accessToken: string };
  const suffix = randomBytes(3).toString("hex");
  const person = (name: string) => ({ username: `${name}_${suffix}`, email: `${name}_${suffix}@example.com`, password: "a long passphrase", agreement: true, locale: "en" });

  before(async function () {
    this.timeout(180_000);
    stack = await startEmbeddedStack();
    app = await appClient(stack.url, "read write follow");
  });
  after(async function () {
    this.timeout(60_000);
    await stack?.stop();
  });

  it("registers with masto, refuses the unconfirmed token with 403, and lets it in once the mailed link is opened", async function () {
    this.timeout(60_000);
    const token = await app.client.v1.accounts.create(person("nova"));
    assert.equal(token.tokenType, "Bearer");
    assert.equal(token.scope, "read write follow");
    const user = createRestAPIClient({ url: stack.url, accessToken: token.accessToken });
    const refused = await failure(user.v1.accounts.verifyCredentials());
    assert.deepEqual([refused.statusCode, refused.message], [403, "Your login is missing a confirmed e-mail address"]);
    const first = await confirmationPath(stack, `nova_${suffix}@example.com`);
    // The unconfirmed token may ask for a new mail (to a corrected address); the first link then stops working.
    await user.v1.emails.confirmations.create({ email: `nova.${suffix}@example.com` });
    const second = await confirmationPath(stack, `nova.${suffix}@example.com`);
    assert.equal((await fetch(`${stack.url}${first}`)).status, 404);
    const page = await fetch(`${stack.url}${second}`);
    assert.equal(page.status, 200);
    assert.match(page.headers.get("content-type") ?? "", /text\/html/);
    assert.match(await page.text(), /e-mail address is confirmed/);
    const me = await user.v1.accounts.verifyCredentials();
    assert.equal(me.username, `nova_${suffix}`);
    const again = await failure(user.v1.emails.confirmations.create());
    assert.equal(again.statusCode, 403);
    const instance = await createRestAPIClient({ url: stack.url }).v2.instance.fetch();
    assert.deepEqual(instance.registrations, { enabled: true, approvalRequired: false, message: null });
    const nodeInfo = (await (await fetch(`${stack.url}/nodeinfo/2.0`)).json()) as { openRegistrations: boolean; software: unknown };
    assert.equal(nodeInfo.openRegistrations, true);
    // One version everywhere: NodeInfo's software and the Mastodon-style version string of both instance routes.
    assert.deepEqual(nodeInfo.software, { name: "starling", version: STARLING_VERSION });
    assert.equal(instance.version, `4.0.2 (compatible; Starling ${STARLING_VERSION})`);
  });

  it("answers bad sign-up input with 422 JSON field details and writes nothing", async () => {
    const bad = await failure(app.client.v1.accounts.create({ username: "x".repeat(31), email: "not an address", password: "short", agreement: false, locale: "en" }));
    assert.equal(bad.statusCode, 422);
    assert.match(bad.message, /^Validation failed: Username is too long/);
    assert.deepEqual(
      Object.fromEntries(Object.entries(bad.details ?? {}).map(([field, errors]) => [field, errors.map((e) => e.error)])),
      { username: ["ERR_TOO_LONG"], email: ["ERR_INVALID"], password: ["ERR_TOO_SHORT"], agreement: ["ERR_ACCEPTED"] },
    );
    await app.client.v1.accounts.create(person("twin"));
    const fresh = person("fresh");
    const duplicate = await failure(app.client.v1.accounts.create({ ...fresh, username: `TWIN_${suffix}` }));
    assert.equal(duplicate.details?.username?.[0]?.error, "ERR_TAKEN");
    // The refused attempt left nothing behind: its e-mail address is still free.
    assert.equal((await app.client.v1.accounts.create(fresh)).tokenType, "Bearer");
  });

  it("answers malformed requests with 4xx JSON, never a 500", async () => {
    const cases: [number, Response][] = [
      [422, await post(stack, "/api/v1/accounts", app.accessToken, JSON.stringify({ ...person("odd"), username: { nested: true } }))],
      [422, await post(stack, "/api/v1/accounts", app.accessToken, JSON.stringify({ ...person("huge"), email: `${"e".repeat(5000)}@example.com` }))],
      [400, await post(stack, "/api/v1/accounts", app.accessToken, "{not json")],
      [401, await post(stack, "/api/v1/accounts", undefined, JSON.stringify(person("anon")))],
      [401, await post(stack, "/api/v1/accounts", "no-such-token", JSON.stringify(person("forged")))],
      [401, await post(stack, "/api/v1/emails/confirmations", "no-such-token", "{}")],
      [401, await post(stack, "/api/v1/emails/confirmations", undefined, "{}")],
      [422, await post(stack, "/api/v1/apps", undefined, JSON.stringify({ client_name: "x", redirect_uris: "urn:ietf:wg:oauth:2.0:oob", scopes: "read wrte:ish" }))],
    ];
    for (const [status, response] of cases) {
      assert.equal(response.status, status, `${response.url}: ${response.status}`);
      assert.equal(typeof ((await response.json()) as { error?: unknown }).error, "string");
    }
    const readOnly = await appClient(stack.url, "read");
    const outside = await failure(readOnly.client.v1.accounts.create(person("reader")));
    assert.deepEqual([outside.statusCode, outside.message], [403, "This action is outside the authorized scopes"]);
    assert.equal((await fetch(`${stack.url}/auth/confirmation?confirmation_token=unknown`)).status, 404);
  });
});

describe("sign-up needing approval on the embedded run", () => {
  let stack: Stack;
  let app: { client: mastodon.rest.Client; accessToken: string };
  const suffix = randomBytes(3).toString("hex");

  before(async function () {
    this.timeout(180_000);
    stack = await startEmbeddedStack({ env: { REGISTRATIONS_MODE: "approved" } });
    app = await appClient(stack.url, "read write");
  });
  after(async function () {
    this.timeout(60_000);
    await stack?.stop();
  });

  it("asks for a reason, keeps the confirmed user pending, and lets them in after `starling accounts approve`", async function () {
    this.timeout(90_000);
    const form = { username: `hopeful_${suffix}`, email: `hopeful_${suffix}@example.com`, password: "a long passphrase", agreement: true, locale: "en" };
    const noReason = await failure(app.client.v1.accounts.create(form));
    assert.equal(noReason.details?.reason?.[0]?.error, "ERR_BLANK");
    const token = await app.client.v1.accounts.create({ ...form, reason: "I run the knitting club" });
    const page = await fetch(`${stack.url}${await confirmationPath(stack, form.email)}`);
    assert.match(await page.text(), /moderator will review/);
    const user = createRestAPIClient({ url: stack.url, accessToken: token.accessToken });
    const pending = await failure(user.v1.accounts.verifyCredentials());
    assert.deepEqual([pending.statusCode, pending.message], [403, "Your login is currently pending approval"]);
    const v1 = await createRestAPIClient({ url: stack.url }).v1.instance.fetch();
    assert.deepEqual([v1.registrations, v1.approvalRequired], [true, true]);
    assert.equal(v1.version, `4.0.2 (compatible; Starling ${STARLING_VERSION})`);
    const out = await runNode("packages/cli/src/main.ts", ["accounts", "approve", form.username], { ...process.env, DATA_DIR: stack.dataDir, LOG_LEVEL: "warn" });
    assert.match(out, /^OK/m);
    assert.equal((await user.v1.accounts.verifyCredentials()).username, form.username);
  });
});
