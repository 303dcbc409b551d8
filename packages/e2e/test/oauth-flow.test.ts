import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createOAuthAPIClient, createRestAPIClient } from "masto";
import { chromium, type Browser } from "playwright-core";
import { waitFor } from "@starling/testkit";
import { startEmbeddedStack } from "../src/harness/embedded-stack.ts";
import type { Stack } from "../src/harness/stack.ts";
import { BrowserlessSession, formFields } from "./oauth-form-session.ts";

const OOB = "urn:ietf:wg:oauth:2.0:oob";
const IVORY = "com.tapbots.Ivory.10217:/request_token";

const pkce = () => {
  const verifier = randomBytes(48).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
};

describe("OAuth 2.0 as Mastodon serves it, through the gateway's pages", function () {
  this.timeout(120_000);
  let stack: Stack;
  let browser: Browser;
  let callback: { server: Server; url: string };
  let app: { client_id: string; client_secret: string };
  const email = "olive@example.test";
  let password: string;

  before(async () => {
    stack = await startEmbeddedStack();
    password = await stack.createAccount("olive", email);
    // The client's own web server: the browser lands here after the authorization.
    const server = createServer((_req, res) => res.writeHead(200, { "Content-Type": "text/plain" }).end("client callback"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    callback = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback` };
    const created = await fetch(`${stack.url}/api/v1/apps`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ client_name: "Pages <Test>", redirect_uris: [callback.url, IVORY, OOB], scopes: "read write follow push", website: "https://client.example" }),
    });
    app = (await created.json()) as typeof app;
    browser = await chromium.launch({
      executablePath: "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"],
    });
  });
  after(async () => {
    await browser?.close();
    callback?.server.close();
    await stack?.stop();
  });

  const authorizeUrl = (fields: Record<string, string>) =>
    `${stack.url}/oauth/authorize?${new URLSearchParams({ response_type: "code", client_id: app.client_id, redirect_uri: callback.url, scope: "read write follow", state: "st@te 1", ...fields })}`;
  const token = (form: Record<string, string>) => fetch(`${stack.url}/oauth/token`, { method: "POST", body: new URLSearchParams(form) });

  it("runs the authorization-code flow with PKCE in a real browser: sign in, consent, redirect, token, verify_credentials", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const { verifier, challenge } = pkce();
    await page.goto(authorizeUrl({ code_challenge: challenge, code_challenge_method: "S256" }));
    assert.equal(await page.title(), "Sign in");
    await page.fill("#email", email);
    await page.fill("#password", password);
    await Promise.all([page.waitForURL(/\/oauth\/authorize\?/), page.click("button[type=submit]")]);
    assert.equal(await page.textContent("#app-name"), "Pages <Test>");
    assert.deepEqual(await page.$$eval("li[data-scope]", (items) => items.map((li) => li.getAttribute("data-scope"))), ["read", "write", "follow"]);
    const cookie = (await context.cookies()).find((c) => c.name === "starling_session");
    assert.equal(cookie?.httpOnly, true);
    assert.equal(cookie?.sameSite, "Lax");

    await Promise.all([page.waitForURL((url) => url.href.startsWith(callback.url)), page.click("#authorize")]);
    const landed = new URL(page.url());
    assert.equal(landed.searchParams.get("state"), "st@te 1");
    const code = landed.searchParams.get("code")!;
    assert.match(code, /^[\w-]{43}$/);

    const wrongVerifier = await token({ grant_type: "authorization_code", code, redirect_uri: callback.url, client_id: app.client_id, client_secret: app.client_secret, code_verifier: pkce().verifier });
    assert.equal(wrongVerifier.status, 400);
    assert.equal(((await wrongVerifier.json()) as { error: string }).error, "invalid_grant");
    // A code approved with a challenge needs the verifier (Doorkeeper's invalid_request); the code stays usable.
    const noVerifier = await token({ grant_type: "authorization_code", code, redirect_uri: callback.url, client_id: app.client_id, client_secret: app.client_secret });
    assert.equal(noVerifier.status, 400);
    assert.deepEqual(await noVerifier.json(), { error: "invalid_request", error_description: "Missing required parameter: code_verifier." });
    // Client authentication by HTTP Basic, parameters as JSON.
    const issued = await fetch(`${stack.url}/oauth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Basic ${Buffer.from(`${app.client_id}:${app.client_secret}`).toString("base64")}` },
      body: JSON.stringify({ grant_type: "authorization_code", code, redirect_uri: callback.url, code_verifier: verifier }),
    });
    assert.equal(issued.status, 200);
    const body = (await issued.json()) as { access_token: string; token_type: string; scope: string; created_at: number };
    assert.deepEqual(Object.keys(body).sort(), ["access_token", "created_at", "scope", "token_type"]);
    assert.equal(body.scope, "read write follow");
    assert.equal(body.token_type, "Bearer");
    const me = await createRestAPIClient({ url: stack.url, accessToken: body.access_token }).v1.accounts.verifyCredentials();
    assert.equal(me.username, "olive");

    const reused = await token({ grant_type: "authorization_code", code, redirect_uri: callback.url, client_id: app.client_id, client_secret: app.client_secret, code_verifier: verifier });
    assert.equal(reused.status, 400);
    assert.equal(((await reused.json()) as { error: string }).error, "invalid_grant");

    // Signed in already: straight to consent; force_login asks for the password again.
    await page.goto(authorizeUrl({}));
    assert.equal(await page.title(), "Authorization required");
    await page.goto(authorizeUrl({ force_login: "true" }));
    assert.equal(await page.title(), "Sign in");
    await context.close();
  });

  it("sends a denial back to the client as access_denied with the state", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(authorizeUrl({ state: "deny-me" }));
    await page.fill("#email", email);
    await page.fill("#password", password);
    await Promise.all([page.waitForURL(/\/oauth\/authorize\?/), page.click("button[type=submit]")]);
    await Promise.all([page.waitForURL((url) => url.href.startsWith(callback.url)), page.click("#deny")]);
    const landed = new URL(page.url());
    assert.equal(landed.searchParams.get("error"), "access_denied");
    assert.equal(landed.searchParams.get("state"), "deny-me");
    assert.equal(landed.searchParams.get("code"), null);
    await context.close();
  });

  it("shows a wrong password on the form without saying whether the e-mail exists", async () => {
    const session = new BrowserlessSession(stack.url);
    const form = await session.get(authorizeUrl({}));
    const wrong = await session.post("/auth/sign_in", { ...formFields(form.text), email, password: `${password}x` });
    const unknown = await session.post("/auth/sign_in", { ...formFields(wrong.text), email: "nobody@example.test", password });
    assert.equal(wrong.status, 401);
    assert.equal(unknown.status, 401);
    assert.match(wrong.text, /Invalid e-mail address or password/);
    assert.match(unknown.text, /Invalid e-mail address or password/);
  });

  it("runs the out-of-band flow with form posts: the code is shown on a page and exchanged with masto", async () => {
    const session = new BrowserlessSession(stack.url);
    const consent = await session.signInThrough(authorizeUrl({ redirect_uri: OOB, scope: "read" }), email, password);
    const approved = await session.post("/oauth/authorize", formFields(consent.text, "/oauth/authorize"));
    assert.equal(approved.status, 302);
    assert.match(approved.location!, /^\/oauth\/authorize\/native\?code=[\w-]{43}$/);
    const shown = await session.get(approved.location!);
    const code = /id="authorization-code">([\w-]+)</.exec(shown.text)?.[1];
    assert.ok(code);
    const issued = await createOAuthAPIClient({ url: stack.url }).token.create({ grantType: "authorization_code", clientId: app.client_id, clientSecret: app.client_secret, redirectUri: OOB, code });
    assert.equal(issued.scope, "read");
    assert.equal((await createRestAPIClient({ url: stack.url, accessToken: issued.accessToken }).v1.accounts.verifyCredentials()).username, "olive");
  });

  it("redirects to an Ivory-style custom-scheme URI without // exactly as registered", async () => {
    const session = new BrowserlessSession(stack.url);
    const consent = await session.signInThrough(authorizeUrl({ redirect_uri: IVORY, state: "ivory" }), email, password);
    const approved = await session.post("/oauth/authorize", formFields(consent.text, "/oauth/authorize"));
    assert.equal(approved.status, 302);
    const match = /^com\.tapbots\.Ivory\.10217:\/request_token\?code=([\w-]{43})&state=ivory$/.exec(approved.location!);
    assert.ok(match, approved.location);
    const issued = await token({ grant_type: "authorization_code", code: match[1]!, redirect_uri: IVORY, client_id: app.client_id, client_secret: app.client_secret });
    assert.equal(issued.status, 200);
  });

  it("refuses what Mastodon refuses: foreign scopes, unknown clients, unregistered redirect URIs, forms without a CSRF token", async () => {
    const scoped = await fetch(authorizeUrl({ scope: "read admin:read" }), { redirect: "manual" });
    assert.equal(scoped.status, 302);
    const back = new URL(scoped.headers.get("location")!);
    assert.equal(`${back.origin}${back.pathname}`, callback.url);
    assert.equal(back.searchParams.get("error"), "invalid_scope");
    const scopedOob = await fetch(authorizeUrl({ scope: "admin:read", redirect_uri: OOB }), { redirect: "manual" });
    assert.equal(scopedOob.status, 400);
    assert.match(await scopedOob.text(), /scope is invalid/);

    for (const fields of [{ client_id: "unknown" }, { redirect_uri: "https://evil.example/cb" }] as Record<string, string>[]) {
      const refused = await fetch(authorizeUrl(fields), { redirect: "manual" });
      assert.equal(refused.status, 400, JSON.stringify(fields));
      assert.equal(refused.headers.get("location"), null);
      assert.match(refused.headers.get("content-type")!, /^text\/html/);
    }

    const unknownClient = await token({ grant_type: "client_credentials", client_id: "unknown", client_secret: "x" });
    assert.equal(unknownClient.status, 401);
    assert.equal(((await unknownClient.json()) as { error: string }).error, "invalid_client");
    const missing: [Record<string, string>, string, string][] = [
      [{ grant_type: "password", username: email }, "invalid_request", "Missing required parameter: password."],
      [{ grant_type: "authorization_code", code: "abc" }, "invalid_request", "Missing required parameter: redirect_uri."],
      [{ scope: "read" }, "invalid_request", "Missing required parameter: grant_type."],
      [{ grant_type: "refresh_token", refresh_token: "abc" }, "unsupported_grant_type", "The authorization grant type is not supported by the authorization server."],
    ];
    for (const [fields, error, description] of missing) {
      const refused = await token({ client_id: app.client_id, client_secret: app.client_secret, ...fields });
      assert.equal(refused.status, 400, JSON.stringify(fields));
      assert.deepEqual(await refused.json(), { error, error_description: description }, JSON.stringify(fields));
    }
    const foreignScope = await token({ grant_type: "password", client_id: app.client_id, client_secret: app.client_secret, username: email, password, scope: "read admin:write" });
    assert.equal(foreignScope.status, 400);
    assert.equal(((await foreignScope.json()) as { error: string }).error, "invalid_scope");

    const session = new BrowserlessSession(stack.url);
    const consent = await session.signInThrough(authorizeUrl({}), email, password);
    const { authenticity_token: _dropped, ...withoutToken } = formFields(consent.text, "/oauth/authorize");
    const forged = await session.post("/oauth/authorize", withoutToken);
    assert.equal(forged.status, 422);
    assert.equal(forged.location, undefined);
  });

  it("takes token parameters from the query string and revokes a token so the API refuses it", async () => {
    const issued = await fetch(`${stack.url}/oauth/token?${new URLSearchParams({ grant_type: "password", client_id: app.client_id, client_secret: app.client_secret, username: email, password, scope: "read" })}`, { method: "POST" });
    assert.equal(issued.status, 200);
    const { access_token } = (await issued.json()) as { access_token: string };
    const verify = () => fetch(`${stack.url}/api/v1/accounts/verify_credentials`, { headers: { Authorization: `Bearer ${access_token}` } });
    assert.equal((await verify()).status, 200);
    const revoked = await fetch(`${stack.url}/oauth/revoke`, { method: "POST", body: new URLSearchParams({ token: access_token, client_id: app.client_id, client_secret: app.client_secret }) });
    assert.equal(revoked.status, 200);
    assert.deepEqual(await revoked.json(), {});
    // The gateway trusts a resolved token for a few seconds (TOKEN_CACHE_MS).
    await waitFor(async () => (await verify()).status === 401, { timeoutMs: 15_000, what: "the revoked token refused" });
    const unknown = await fetch(`${stack.url}/oauth/revoke`, { method: "POST", body: new URLSearchParams({ token: "never-issued", client_id: app.client_id, client_secret: app.client_secret }) });
    assert.equal(unknown.status, 200);
  });

  it("publishes RFC 8414 metadata with CORS, and answers CORS as Mastodon on the API and token endpoints", async () => {
    const metadata = await fetch(`${stack.url}/.well-known/oauth-authorization-server`, { headers: { Origin: "https://phanpy.example" } });
    assert.equal(metadata.status, 200);
    assert.equal(metadata.headers.get("access-control-allow-origin"), "*");
    const doc = (await metadata.json()) as Record<string, unknown>;
    assert.equal(doc.authorization_endpoint, `${stack.url.replace("127.0.0.1", "localhost")}/oauth/authorize`);
    assert.deepEqual(doc.code_challenge_methods_supported, ["S256"]);
    assert.deepEqual(doc.response_types_supported, ["code"]);
    assert.deepEqual(doc.grant_types_supported, ["authorization_code", "password", "client_credentials"]);
    assert.equal((doc.scopes_supported as string[]).length, 35);
    for (const key of ["issuer", "token_endpoint", "revocation_endpoint", "app_registration_endpoint", "service_documentation", "token_endpoint_auth_methods_supported"]) assert.ok(doc[key], key);

    const preflight = await fetch(`${stack.url}/oauth/token`, { method: "OPTIONS", headers: { Origin: "https://phanpy.example", "Access-Control-Request-Method": "POST" } });
    assert.equal(preflight.headers.get("access-control-allow-origin"), "*");
    const api = await fetch(`${stack.url}/api/v1/instance`, { headers: { Origin: "https://phanpy.example" } });
    for (const header of ["Link", "X-RateLimit-Reset", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-Request-Id"]) assert.match(api.headers.get("access-control-expose-headers")!, new RegExp(header));
    const page = await fetch(authorizeUrl({}), { headers: { Origin: "https://phanpy.example" } });
    assert.equal(page.headers.get("access-control-allow-origin"), null);
  });
});
