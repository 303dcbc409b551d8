import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { z } from "zod";
import { createLogger, invalidArgument, permissionBits, ServiceError, verifyViewer } from "@starling/runtime";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { TEST_SECRET, accountFixture, startAccountsFixture, testConfig, type RunningAccounts } from "../../test/fixtures/accounts-server.ts";
import { accountRoutes } from "../routes/account-routes.ts";
import { oauthRoutes } from "../routes/oauth-routes.ts";
import { ROUTES } from "../routes/route-table.ts";
import { TokenResolver } from "./authenticate.ts";
import { ActivityRecorder } from "./activity-recorder.ts";
import { bindRoute } from "./bind-route.ts";
import { pageParams } from "./params.ts";
import type { Route } from "./route.ts";

const row = (routes: Route[], method: Route["method"], path: string): Route => {
  const found = routes.find((r) => r.method === method && r.path === path);
  if (!found) throw new Error(`no route ${method} ${path}`);
  return found;
};
const verifyCredentials = row(accountRoutes, "get", "/api/v1/accounts/verify_credentials");
const accountById = row(accountRoutes, "get", "/api/v1/accounts/:id");
const oauthToken = row(oauthRoutes, "post", "/oauth/token");

const tokens = {
  "user-read": { tokenId: "t1", appId: "a1", accountId: "1", scopes: ["read"] },
  "user-granular": { tokenId: "t2", appId: "a1", accountId: "1", scopes: ["read:accounts"] },
  "user-write": { tokenId: "t3", appId: "a1", accountId: "1", scopes: ["write"] },
  "app-only": { tokenId: "t4", appId: "a1", scopes: ["read"] },
  "admin-user": { tokenId: "t5", appId: "a1", accountId: "1", scopes: ["read", "admin:read"] },
  "admin-reports": { tokenId: "t6", appId: "a1", accountId: "1", scopes: ["admin:read"], role: { id: "5", name: "Reports", permissions: permissionBits(["manage_reports"]), position: 5 } },
  "admin-administrator": { tokenId: "t7", appId: "a1", accountId: "1", scopes: ["admin:read"], role: { id: "6", name: "Boss", permissions: permissionBits(["administrator"]), position: 50 } },
};

describe("bindRoute", () => {
  let accounts: RunningAccounts;
  let server: Server | undefined;

  before(async () => {
    accounts = await startAccountsFixture({
      tokens,
      accounts: [accountFixture({ id: "1", username: "alice" })],
      handlers: {
        getCredentialAccount: async (_request, context) => ({ account: accountFixture({ id: context.viewer!.accountId!, username: "alice" }), source: undefined, role: undefined }),
        issueToken: async (request) => {
          if (request.password) throw new ServiceError(GrpcStatus.UNAUTHENTICATED, "invalid_client: Client authentication failed");
          throw invalidArgument("scope too wide");
        },
      },
    });
  });
  after(() => accounts.stop());
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  /** Serves ONE route row on a fresh Express app; returns its base URL. */
  async function serve(route: Route): Promise<string> {
    const app = express();
    app.set("query parser", "extended");
    app.use(express.json());
    app.use(express.urlencoded({ extended: true }));
    const config = testConfig();
    const resolver = new TokenResolver(accounts.clients, 60_000, TEST_SECRET);
    bindRoute(app, route, { config, clients: accounts.clients, tokens: resolver, activity: new ActivityRecorder(accounts.clients), logger: createLogger("bind-route-test", "silent"), baseUrl: "https://example.test" });
    server = createServer(app);
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  const get = (url: string, token?: string) => fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });

  it("answers 401 when a user route is called without a token", async () => {
    const res = await get(`${await serve(verifyCredentials)}/api/v1/accounts/verify_credentials`);
    assert.equal(res.status, 401);
    assert.deepEqual(await res.json(), { error: "The access token is invalid" });
  });

  it("answers 401 when the accounts service does not know the token", async () => {
    const res = await get(`${await serve(verifyCredentials)}/api/v1/accounts/verify_credentials`, "revoked");
    assert.equal(res.status, 401);
    assert.deepEqual(await res.json(), { error: "The access token is invalid" });
  });

  it("answers 403 with Mastodon's message when the token lacks every accepted scope", async () => {
    const res = await get(`${await serve(verifyCredentials)}/api/v1/accounts/verify_credentials`, "user-write");
    assert.equal(res.status, 403);
    assert.deepEqual(await res.json(), { error: "This action is outside the authorized scopes" });
  });

  it("answers 422 when an app-only token calls a route that needs a user", async () => {
    const res = await get(`${await serve(verifyCredentials)}/api/v1/accounts/verify_credentials`, "app-only");
    assert.equal(res.status, 422);
    assert.deepEqual(await res.json(), { error: "This method requires an authenticated user" });
  });

  it("answers 403 \"This action is not allowed\" when the viewer's role lacks the route's staff permission, and serves roles that hold it", async () => {
    const staffOnly = (permission: Route["permission"]): Route => ({ method: "get", path: "/api/v1/admin/probe", auth: "user", scopes: ["admin:read"], permission, input: z.object({}), call: async (ctx) => ({ role: ctx.viewer?.role?.name }) });
    const reports = await serve(staffOnly("manage_reports"));
    const refused = await get(`${reports}/api/v1/admin/probe`, "admin-user");
    assert.equal(refused.status, 403);
    assert.deepEqual(await refused.json(), { error: "This action is not allowed" });
    assert.deepEqual(await (await get(`${reports}/api/v1/admin/probe`, "admin-reports")).json(), { role: "Reports" });
    server!.close();
    // A role with only manage_reports may not manage federation; administrator implies every permission.
    const federation = await serve(staffOnly("manage_federation"));
    assert.equal((await get(`${federation}/api/v1/admin/probe`, "admin-reports")).status, 403);
    assert.equal((await get(`${federation}/api/v1/admin/probe`, "admin-administrator")).status, 200);
  });

  it("declares a staff permission and an admin scope on every admin route", () => {
    const admin = ROUTES.filter((route) => route.path.startsWith("/api/v1/admin/") || route.path.startsWith("/api/v2/admin/"));
    assert.ok(admin.length > 0);
    for (const route of admin) {
      assert.ok(route.permission, `${route.method} ${route.path} declares no permission`);
      assert.equal(route.auth, "user", `${route.method} ${route.path}`);
      assert.ok(route.scopes?.every((scope) => scope.startsWith("admin:")), `${route.method} ${route.path} scopes`);
    }
  });

  it("answers 200 with the presenter's output for a token with a granular scope, calling the service as the viewer", async () => {
    const url = await serve(verifyCredentials);
    const res = await get(`${url}/api/v1/accounts/verify_credentials`, "user-granular");
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("cache-control"), "no-cache, no-store, max-age=0, must-revalidate");
    const body = (await res.json()) as Record<string, unknown>;
    assert.equal(body.id, "1");
    assert.equal(body.acct, "alice");
    assert.equal(body.created_at, "2024-03-05T00:00:00.000Z");
    assert.deepEqual(body.role, { id: "-99", name: "", permissions: "0", color: "", highlighted: false });
    assert.equal(accounts.calls.findLast((c) => c.method === "getCredentialAccount")?.viewerAccountId, "1");
  });

  it("takes the token from access_token when there is no Authorization header", async () => {
    const res = await fetch(`${await serve(verifyCredentials)}/api/v1/accounts/verify_credentials?access_token=user-read`);
    assert.equal(res.status, 200);
  });

  it("asks the accounts service once for a burst of requests with the same token", async () => {
    const url = await serve(verifyCredentials);
    const before = accounts.calls.filter((c) => c.method === "authenticate").length;
    for (let i = 0; i < 3; i++) assert.equal((await get(`${url}/api/v1/accounts/verify_credentials`, "user-read")).status, 200);
    assert.equal(accounts.calls.filter((c) => c.method === "authenticate").length - before, 1);
  });

  it("answers 404 when a path id is not an id, or past the signed 64-bit range, as no record can have it", async () => {
    const url = await serve(accountById);
    for (const id of ["not-a-number", "9223372036854775808", "99999999999999999999", "1%00"]) {
      const res = await get(`${url}/api/v1/accounts/${id}`);
      assert.equal(res.status, 404, id);
      assert.deepEqual(await res.json(), { error: "Record not found" });
    }
  });

  it("serves an optional-auth route without a token and maps NOT_FOUND-like absence to 404", async () => {
    const url = await serve(accountById);
    const found = await get(`${url}/api/v1/accounts/1`);
    assert.equal(found.status, 200);
    assert.equal(((await found.json()) as { username: string }).username, "alice");
    const missing = await get(`${url}/api/v1/accounts/2`);
    assert.equal(missing.status, 404);
    assert.deepEqual(await missing.json(), { error: "Record not found" });
  });

  it("renders OAuth errors as {error, error_description}, splitting the service's code from its message", async () => {
    const url = await serve(oauthToken);
    const post = (form: Record<string, string>) => fetch(`${url}/oauth/token`, { method: "POST", body: new URLSearchParams(form) });
    const coded = await post({ grant_type: "password", username: "a@example.test", password: "secret" });
    assert.equal(coded.status, 401);
    assert.deepEqual(await coded.json(), { error: "invalid_client", error_description: "Client authentication failed" });
    const plain = await post({ grant_type: "client_credentials" });
    assert.equal(plain.status, 400);
    assert.deepEqual(await plain.json(), { error: "invalid_request", error_description: "scope too wide" });
  });

  it("labels an OAuth endpoint's 5xx or upstream 429 as the server's failure: temporarily_unavailable for an unavailable or exhausted upstream, server_error otherwise", async () => {
    const failing = (path: string, code: GrpcStatus): Route => ({
      method: "post",
      path,
      auth: "none",
      errorFormat: "oauth",
      input: z.object({}),
      // What a gRPC client rejects with when the service answers with that code.
      call: async () => {
        throw Object.assign(new Error("upstream said no"), { code, details: "upstream said no" });
      },
    });
    for (const [code, status, error] of [[GrpcStatus.UNAVAILABLE, 503, "temporarily_unavailable"], [GrpcStatus.RESOURCE_EXHAUSTED, 429, "temporarily_unavailable"], [GrpcStatus.INTERNAL, 500, "server_error"]] as const) {
      const url = await serve(failing("/oauth/probe", code));
      const res = await fetch(`${url}/oauth/probe`, { method: "POST" });
      assert.equal(res.status, status);
      assert.equal(((await res.json()) as { error: string }).error, error);
      await new Promise<void>((resolve) => server?.close(() => resolve()));
    }
  });

  it("answers a token request missing what its grant requires, or of a grant type it does not issue, itself, as Doorkeeper", async () => {
    const url = await serve(oauthToken);
    const post = (form: Record<string, string>) => fetch(`${url}/oauth/token`, { method: "POST", body: new URLSearchParams(form) });
    const cases: [Record<string, string>, number, Record<string, string>][] = [
      [{}, 400, { error: "invalid_request", error_description: "Missing required parameter: grant_type." }],
      [{ grant_type: "password", password: "secret" }, 400, { error: "invalid_request", error_description: "Missing required parameter: username." }],
      [{ grant_type: "password", username: "a@example.test", password: " " }, 400, { error: "invalid_request", error_description: "Missing required parameter: password." }],
      [{ grant_type: "authorization_code", redirect_uri: "https://app.example/cb" }, 400, { error: "invalid_request", error_description: "Missing required parameter: code." }],
      [{ grant_type: "authorization_code", code: "abc" }, 400, { error: "invalid_request", error_description: "Missing required parameter: redirect_uri." }],
      [{ grant_type: "refresh_token", refresh_token: "r" }, 400, { error: "unsupported_grant_type", error_description: "The authorization grant type is not supported by the authorization server." }],
    ];
    for (const [form, status, body] of cases) {
      const res = await post(form);
      assert.equal(res.status, status, JSON.stringify(form));
      assert.deepEqual(await res.json(), body, JSON.stringify(form));
    }
  });

  it("sets the Link header from the route's cursors and hands services a signed viewer", async () => {
    const paged: Route = {
      method: "get",
      path: "/api/v1/things",
      auth: "user",
      scopes: ["read"],
      input: z.object(pageParams(20)),
      call: async (ctx) => ({ ids: ["30", "20"], viewer: await verifyViewer(TEST_SECRET, ctx.viewerToken!) }),
      present: (_ctx, r: { ids: string[]; viewer: { accountId?: string } }) => ({ ids: r.ids, signedFor: r.viewer.accountId }),
      links: (r: { ids: string[] }) => ({ next: r.ids.at(-1), prev: r.ids[0] }),
    };
    const res = await get(`${await serve(paged)}/api/v1/things?limit=2&max_id=99`, "user-read");
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { ids: ["30", "20"], signedFor: "1" });
    assert.equal(res.headers.get("link"), '<https://example.test/api/v1/things?limit=2&max_id=20>; rel="next", <https://example.test/api/v1/things?limit=2&min_id=30>; rel="prev"');
    const pastBigint = await get(`${res.url.split("/api")[0]}/api/v1/things?since_id=9223372036854775808`, "user-read");
    assert.equal(pastBigint.status, 400, "a cursor past the signed 64-bit range is a bad request");
    assert.deepEqual(await pastBigint.json(), { error: "Validation failed: since_id must be an id" });
    const badLimit = await get(`${res.url.split("/api")[0]}/api/v1/things?limit=ten`, "user-read");
    assert.equal(badLimit.status, 422, "other parameters stay 422");
  });
});
