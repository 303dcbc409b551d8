// The featured tags routes through bindRoute: scopes as Mastodon 4.0, the statuses service's refusals as 422, the entity's shape.
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { createLogger } from "@starling/runtime";
import { TEST_SECRET, accountFixture, startAccountsFixture, testConfig, type RunningAccounts } from "../../test/fixtures/accounts-server.ts";
import type { Clients } from "../clients/gateway-clients.ts";
import { ActivityRecorder } from "../http/activity-recorder.ts";
import { TokenResolver } from "../http/authenticate.ts";
import { bindRoute } from "../http/bind-route.ts";
import { featuredTagRoutes } from "./featured-tag-routes.ts";

const tokens = {
  "read-accounts": { tokenId: "t1", appId: "a1", accountId: "1", scopes: ["read:accounts"] },
  "write-accounts": { tokenId: "t2", appId: "a1", accountId: "1", scopes: ["write:accounts"] },
  "read-statuses": { tokenId: "t3", appId: "a1", accountId: "1", scopes: ["read:statuses", "write:statuses"] },
};
// What a gRPC client rejects with when the service refuses.
const refusal = (code: GrpcStatus, details: string) => Object.assign(new Error(details), { code, details });
const tag = { id: "5", accountId: "1", name: "CatsOfStarling", url: "https://example.test/@alice/tagged/CatsOfStarling", statusesCount: "3", lastStatusAt: new Date("2026-11-20T10:00:00Z") };

describe("featured tags routes", () => {
  let accounts: RunningAccounts;
  let server: Server;
  let url: string;
  const asked: unknown[] = [];
  before(async () => {
    accounts = await startAccountsFixture({ tokens, accounts: [accountFixture({ id: "1", username: "alice" }), accountFixture({ id: "2", username: "sus", suspended: true })] });
    // The statuses service's answers: taken names are ALREADY_EXISTS, invalid ones INVALID_ARGUMENT.
    const featuredTags = {
      listFeaturedTags: async (request: unknown) => (asked.push(request), { tags: [tag, { ...tag, id: "6", name: "quiet", statusesCount: "0", lastStatusAt: undefined }] }),
      featureTag: async ({ name }: { name: string }) => {
        if (name === "taken") throw refusal(GrpcStatus.ALREADY_EXISTS, "Validation failed: Tag has already been taken");
        if (!/^#?\w+$/.test(name)) throw refusal(GrpcStatus.INVALID_ARGUMENT, "Validation failed: Tag is invalid");
        return tag;
      },
      unfeatureTag: async () => ({}),
      suggestFeaturedTags: async () => ({ tags: [{ name: "Birding", url: "https://example.test/tags/birding" }] }),
    };
    const clients = { ...accounts.clients, featuredTags } as unknown as Clients;
    const app = express();
    app.use(express.json());
    app.use(express.urlencoded({ extended: true }));
    for (const route of featuredTagRoutes) {
      bindRoute(app, route, { config: testConfig(), clients, tokens: new TokenResolver(clients, 60_000, TEST_SECRET), activity: new ActivityRecorder(clients), logger: createLogger("featured-tags-test", "silent"), baseUrl: "https://example.test" });
    }
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await accounts?.stop();
  });

  const call = (method: string, path: string, token?: string, body?: unknown) =>
    fetch(`${url}${path}`, { method, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { "content-type": "application/json" } : {}) }, body: body ? JSON.stringify(body) : undefined });

  it("needs read:accounts to list and suggest, write:accounts to feature and unfeature", async () => {
    for (const [method, path, scope] of [["GET", "/api/v1/featured_tags", "read"], ["GET", "/api/v1/featured_tags/suggestions", "read"], ["POST", "/api/v1/featured_tags", "write"], ["DELETE", "/api/v1/featured_tags/5", "write"]] as const) {
      assert.equal((await call(method, path)).status, 401, `${method} ${path} anonymous`);
      assert.equal((await call(method, path, "read-statuses", method === "POST" ? { name: "x" } : undefined)).status, 403, `${method} ${path} other scopes`);
      assert.equal((await call(method, path, `${scope}-accounts`, method === "POST" ? { name: "cats" } : undefined)).status, 200, `${method} ${path} ${scope}:accounts`);
    }
  });

  it("renders FeaturedTag as Mastodon 4.0: statuses_count a string, last_status_at a date or null", async () => {
    const response = await call("GET", "/api/v1/featured_tags", "read-accounts");
    assert.deepEqual(await response.json(), [
      { id: "5", name: "CatsOfStarling", url: tag.url, statuses_count: "3", last_status_at: "2026-11-20" },
      { id: "6", name: "quiet", url: tag.url, statuses_count: "0", last_status_at: null },
    ]);
    assert.deepEqual(await (await call("GET", "/api/v1/featured_tags/suggestions", "read-accounts")).json(), [{ name: "Birding", url: "https://example.test/tags/birding", history: [] }]);
  });

  it("answers 422 with the service's message for an invalid or taken name", async () => {
    for (const [name, error] of [["not a tag", "Validation failed: Tag is invalid"], ["taken", "Validation failed: Tag has already been taken"]]) {
      const response = await call("POST", "/api/v1/featured_tags", "write-accounts", { name });
      assert.equal(response.status, 422, name);
      assert.deepEqual(await response.json(), { error });
    }
    assert.equal((await call("POST", "/api/v1/featured_tags", "write-accounts", {})).status, 422);
  });

  it("lists an account's featured tags publicly, none for a suspended account, 404 for an unknown one", async () => {
    asked.length = 0;
    assert.equal(((await (await call("GET", "/api/v1/accounts/1/featured_tags")).json()) as unknown[]).length, 2);
    assert.deepEqual(asked, [{ accountId: "1" }]);
    assert.deepEqual(await (await call("GET", "/api/v1/accounts/2/featured_tags")).json(), []);
    assert.equal((await call("GET", "/api/v1/accounts/404/featured_tags")).status, 404);
  });
});
