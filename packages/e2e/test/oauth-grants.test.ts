import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { describeOnBothStacks } from "../src/harness/on-both-stacks.ts";
import type { Stack } from "../src/harness/stack.ts";
import { BrowserlessSession, formFields } from "./oauth-form-session.ts";

const IVORY = "com.tapbots.Ivory.10217:/request_token";

/**
 * The token endpoint's grants as the gateway maps them to the accounts service's `oneof grant`:
 * what a grant requires, missing, is answered as Doorkeeper answers it, on both runs.
 */
function describeGrants(start: () => Promise<Stack>): void {
  let stack: Stack;
  let app: { client_id: string; client_secret: string };
  const suffix = randomBytes(3).toString("hex");
  const email = `granted_${suffix}@example.com`;
  let password: string;

  before(async function () {
    this.timeout(180_000);
    stack = await start();
    password = await stack.createAccount(`granted_${suffix}`, email);
    const created = await fetch(`${stack.url}/api/v1/apps`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ client_name: "grants", redirect_uris: IVORY, scopes: "read write" }) });
    app = (await created.json()) as typeof app;
  });
  after(() => stack?.stop());

  const token = (form: Record<string, string>) => fetch(`${stack.url}/oauth/token`, { method: "POST", body: new URLSearchParams({ client_id: app.client_id, client_secret: app.client_secret, ...form }) });
  const answer = async (res: Response) => ({ status: res.status, body: await res.json() });

  it("issues a token for each grant, and answers a missing parameter or an unsupported grant type with 400 and its OAuth error", async function () {
    this.timeout(60_000);
    assert.equal((await token({ grant_type: "password", username: email, password, scope: "read" })).status, 200);
    assert.equal((await token({ grant_type: "client_credentials" })).status, 200);
    const refused: [Record<string, string>, string, string][] = [
      [{ grant_type: "password", username: email }, "invalid_request", "Missing required parameter: password."],
      [{ grant_type: "password", username: " ", password }, "invalid_request", "Missing required parameter: username."],
      [{ grant_type: "authorization_code", redirect_uri: IVORY }, "invalid_request", "Missing required parameter: code."],
      [{}, "invalid_request", "Missing required parameter: grant_type."],
      [{ grant_type: "refresh_token", refresh_token: "r" }, "unsupported_grant_type", "The authorization grant type is not supported by the authorization server."],
    ];
    for (const [form, error, description] of refused) assert.deepEqual(await answer(await token(form)), { status: 400, body: { error, error_description: description } }, JSON.stringify(form));
    const noClient = await fetch(`${stack.url}/oauth/token`, { method: "POST", body: new URLSearchParams({ grant_type: "client_credentials" }) });
    assert.equal(noClient.status, 401);
    assert.equal(((await noClient.json()) as { error: string }).error, "invalid_client");
  });

  it("wants the verifier of a code approved with a PKCE challenge, leaving the code usable until it is given", async function () {
    this.timeout(60_000);
    const verifier = randomBytes(48).toString("base64url");
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    const query = new URLSearchParams({ response_type: "code", client_id: app.client_id, redirect_uri: IVORY, scope: "read", code_challenge: challenge, code_challenge_method: "S256" });
    const session = new BrowserlessSession(stack.url);
    const consent = await session.signInThrough(`/oauth/authorize?${query}`, email, password);
    const approved = await session.post("/oauth/authorize", formFields(consent.text, "/oauth/authorize"));
    const code = /[?&]code=([\w-]{43})/.exec(approved.location ?? "")?.[1];
    assert.ok(code, approved.location);
    const exchange = { grant_type: "authorization_code", code, redirect_uri: IVORY };
    assert.deepEqual(await answer(await token(exchange)), { status: 400, body: { error: "invalid_request", error_description: "Missing required parameter: code_verifier." } });
    const issued = await token({ ...exchange, code_verifier: verifier });
    assert.equal(issued.status, 200);
    assert.equal(((await issued.json()) as { scope: string }).scope, "read");
  });

  it("revokes nothing, successfully, when no token is named", async () => {
    const revoked = await fetch(`${stack.url}/oauth/revoke`, { method: "POST", body: new URLSearchParams({ client_id: app.client_id, client_secret: app.client_secret }) });
    assert.deepEqual(await answer(revoked), { status: 200, body: {} });
  });
}

describeOnBothStacks("OAuth grants at the token endpoint", describeGrants);
