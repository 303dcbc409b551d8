import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { ROUTES, type Route } from "@starling/gateway";
import { startEmbeddedStack } from "../src/harness/embedded-stack.ts";
import type { Stack } from "../src/harness/stack.ts";
import { signIn } from "../src/harness/masto-session.ts";

// Every scope Mastodon 4.0 registers, so one app can hand out tokens with any subset of them.
const ALL_SCOPES =
  "read read:accounts read:blocks read:bookmarks read:favourites read:filters read:follows read:lists read:mutes read:notifications read:search read:statuses " +
  "write write:accounts write:blocks write:bookmarks write:conversations write:favourites write:filters write:follows write:lists write:media write:mutes " +
  "write:notifications write:reports write:statuses follow push admin:read admin:read:accounts admin:read:reports admin:write admin:write:accounts admin:write:reports crypto";

// Scopes no client route of this kind accepts together; the first one a route does not list stands in for "the wrong scope".
const UNRELATED_SCOPES = ["crypto", "push", "read:filters"];

/**
 * The route table's scope rules checked over HTTP for every row that needs a token: the gateway and
 * the services run for real, so a row with a wrong or missing `scopes` list fails here. Rows are read
 * from the table itself, so a route added later is covered without touching this file.
 */
describe("scope matrix over every route that needs a token", function () {
  this.timeout(300_000);
  let stack: Stack;
  const tokens = new Map<string, string>();
  const ids: Record<string, string> = {};
  const suffix = randomBytes(3).toString("hex");
  const email = `scopes_${suffix}@example.com`;
  let password: string;

  let app: { client_id: string; client_secret: string };

  /** A password-grant token of exactly `scope` (verify_credentials would need read, so no masto sign-in here). */
  const tokenFor = async (scope: string): Promise<string> => {
    if (!tokens.has(scope)) {
      const body = { grant_type: "password", client_id: app.client_id, client_secret: app.client_secret, username: email, password, scope };
      const response = await fetch(`${stack.url}/oauth/token`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      assert.equal(response.status, 200, `token for ${scope}`);
      tokens.set(scope, ((await response.json()) as { access_token: string }).access_token);
    }
    return tokens.get(scope)!;
  };

  before(async () => {
    stack = await startEmbeddedStack();
    // An Owner: admin routes also check the role's permission, which this suite is not about.
    password = await stack.createAccount(`scopes_${suffix}`, email, ["--role", "Owner"]);
    const targetPassword = await stack.createAccount(`target_${suffix}`, `target_${suffix}@example.com`);
    const target = await signIn(stack.url, `target_${suffix}@example.com`, targetPassword);
    ids.account = target.account.id;
    ids.status = (await target.client.v1.statuses.create({ status: `scope matrix ${suffix}` })).id;
    const registered = await fetch(`${stack.url}/api/v1/apps`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "scope-matrix", redirect_uris: "urn:ietf:wg:oauth:2.0:oob", scopes: ALL_SCOPES }),
    });
    app = (await registered.json()) as typeof app;
  });
  after(() => stack?.stop());

  /** A concrete path for a route row: path parameters filled with ids of real records. */
  const pathOf = (route: Route) => route.path.replace(/:id\b/g, route.path.startsWith("/api/v1/statuses") ? ids.status! : ids.account!).replace(/:(\w+)/g, () => ids.account!);
  const call = (route: Route, token?: string) =>
    fetch(`${stack.url}${pathOf(route)}`, {
      method: route.method.toUpperCase(),
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(route.method === "get" ? {} : { "content-type": "application/json" }) },
      ...(route.method === "get" ? {} : { body: "{}" }),
    });
  const scoped = () => ROUTES.filter((route) => route.scopes && route.scopes.length > 0);

  it("has scopes on every route that needs a token", () => {
    const missing = ROUTES.filter((route) => (route.auth === "user" || route.auth === "app") && !route.scopes?.length).map((r) => `${r.method} ${r.path}`);
    assert.deepEqual(missing, []);
  });

  it("answers 401 JSON without a token on every route that needs one", async () => {
    for (const route of ROUTES.filter((r) => r.auth === "user" || r.auth === "app")) {
      const response = await call(route);
      assert.equal(response.status, 401, `${route.method} ${route.path}`);
      assert.equal(typeof ((await response.json()) as { error?: unknown }).error, "string", `${route.method} ${route.path}`);
    }
  });

  it("answers 403 JSON to a token holding none of a route's scopes", async () => {
    for (const route of scoped()) {
      const wrong = UNRELATED_SCOPES.find((scope) => !route.scopes!.includes(scope))!;
      const response = await call(route, await tokenFor(wrong));
      assert.equal(response.status, 403, `${route.method} ${route.path} with ${wrong}`);
      assert.deepEqual(await response.json(), { error: "This action is outside the authorized scopes" }, `${route.method} ${route.path}`);
    }
  });

  it("lets each accepted scope through, the broad one and the most specific one", async () => {
    for (const route of scoped()) {
      for (const scope of new Set([route.scopes![0]!, route.scopes!.at(-1)!])) {
        const response = await call(route, await tokenFor(scope));
        const body = await response.text();
        // An admin route may still refuse by policy after the scope check passed (403 "This action is not
        // allowed": deleting an account that is not suspended, approving a sign-up that is not pending).
        const refusedByRole = route.permission !== undefined && response.status === 403 && JSON.parse(body).error === "This action is not allowed";
        assert.ok((refusedByRole || ![401, 403].includes(response.status)) && response.status < 500, `${route.method} ${route.path} with ${scope}: ${response.status} ${body}`);
      }
    }
  });
});
