import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { ServiceError } from "@starling/runtime";
import { accountFixture } from "../../test/fixtures/accounts-server.ts";
import type { Clients } from "../clients/gateway-clients.ts";
import type { RouteContext } from "../http/route.ts";
import { resolvableQuery, searchAccountsResolving, searchRoutes } from "./search-routes.ts";

const route = searchRoutes[0]!;
const fail = (code: number) => async () => {
  throw new ServiceError(code, "no");
};

// Clients answering from plain functions, recording which methods were called.
function context(viewer: RouteContext["viewer"], federation: { resolveAccount?: () => Promise<unknown>; resolveStatus?: () => Promise<unknown> }) {
  const calls: string[] = [];
  const known = [accountFixture({ id: "7", username: "bob", domain: "remote.example" }), accountFixture({ id: "1" })];
  const client = (name: string, methods: Record<string, (request: any) => Promise<unknown>>) =>
    Object.fromEntries(Object.entries(methods).map(([method, fn]) => [method, (request: unknown) => (calls.push(`${name}.${method}`), fn(request))]));
  const clients = {
    federation: client("federation", { resolveAccount: federation.resolveAccount ?? fail(GrpcStatus.NOT_FOUND), resolveStatus: federation.resolveStatus ?? fail(GrpcStatus.NOT_FOUND) }),
    accounts: client("accounts", { getAccounts: async ({ ids }: { ids: string[] }) => ({ accounts: known.filter((a) => ids.includes(a.id)) }) }),
    profiles: client("profiles", { searchAccounts: async () => ({ accounts: [known[1], known[0]] }) }),
    statuses: client("statuses", { getStatusPage: async ({ ids }: { ids: string[] }) => ({ statuses: ids.map((id) => ({ id })) }) }),
    search: client("search", { searchStatuses: async () => ({ statusIds: [] }), searchTags: async () => ({ names: [] }) }),
  } as unknown as Clients;
  const ctx = { clients, viewer, viewerToken: viewer ? "token" : undefined, baseUrl: "https://local.example", headers: {} } as unknown as RouteContext;
  return { ctx, calls };
}

const user = { accountId: "1", scopes: ["read"] } as unknown as RouteContext["viewer"];
const appOnly = { accountId: undefined, scopes: ["read"] } as unknown as RouteContext["viewer"];

describe("GET /api/v2/search with resolve", () => {
  it("knows which queries name something remote", () => {
    assert.equal(resolvableQuery("bob@remote.example"), "handle");
    assert.equal(resolvableQuery(" @bob@remote.example:8443 "), "handle");
    assert.equal(resolvableQuery("https://remote.example/@bob/1"), "url");
    for (const q of ["bob", "#tag", "ftp://remote.example/x", "bob@"]) assert.equal(resolvableQuery(q), null, q);
  });

  it("puts the account a handle resolves to first, once", async () => {
    const { ctx, calls } = context(user, { resolveAccount: async () => ({ accountId: "7" }) });
    const found = await route.call(ctx, { q: "@bob@remote.example", resolve: true });
    assert.deepEqual(found.accounts.map((a: { id: string }) => a.id), ["7", "1"]);
    assert.equal(found.statuses, undefined);
    assert.ok(calls.includes("federation.resolveAccount"));
    assert.ok(!calls.includes("federation.resolveStatus"));
  });

  it("resolves a URL to a status, and to an account when it names no status", async () => {
    const asStatus = context(user, { resolveStatus: async () => ({ statusId: "55" }) });
    const status = await route.call(asStatus.ctx, { q: "https://remote.example/@bob/55", resolve: true });
    assert.deepEqual(status.statuses!.statuses.map((s: { id: string }) => s.id), ["55"]);
    assert.deepEqual(status.accounts, []);
    const asAccount = context(user, { resolveStatus: fail(GrpcStatus.UNIMPLEMENTED), resolveAccount: async () => ({ accountId: "7" }) });
    const account = await route.call(asAccount.ctx, { q: "https://remote.example/@bob", resolve: true });
    assert.deepEqual(account.accounts.map((a: { id: string }) => a.id), ["7"]);
    assert.deepEqual(asAccount.calls.filter((c) => c.startsWith("federation.")), ["federation.resolveStatus", "federation.resolveAccount"]);
  });

  it("returns the local results when nothing resolves", async () => {
    const { ctx } = context(user, {});
    const found = await route.call(ctx, { q: "bob@remote.example", resolve: true });
    assert.deepEqual(found.accounts.map((a: { id: string }) => a.id), ["1", "7"]);
  });

  it("passes other errors on", async () => {
    const { ctx } = context(user, { resolveAccount: fail(GrpcStatus.UNAVAILABLE) });
    await assert.rejects(route.call(ctx, { q: "bob@remote.example", resolve: true }), (error: { code?: number }) => error.code === GrpcStatus.UNAVAILABLE);
  });

  it("resolves nothing without resolve, for a token without a user, or for a plain word", async () => {
    for (const [viewer, input] of [[user, { q: "bob@remote.example" }], [appOnly, { q: "bob@remote.example", resolve: true }], [user, { q: "bob", resolve: true }]] as const) {
      const { ctx, calls } = context(viewer, { resolveAccount: async () => ({ accountId: "7" }) });
      await route.call(ctx, input);
      assert.deepEqual(calls.filter((c) => c.startsWith("federation.")), [], JSON.stringify(input));
    }
  });

  it("answers 401 to an anonymous resolve or offset and 400 without q", async () => {
    await assert.rejects(route.call(context(undefined, {}).ctx, { q: "bob@remote.example", resolve: true }), { status: 401 });
    await assert.rejects(route.call(context(undefined, {}).ctx, { q: "bob", type: "accounts", offset: 5 }), { status: 401 });
    await assert.rejects(route.call(context(user, {}).ctx, { q: "  " }), { status: 400 });
    await assert.rejects(route.call(context(user, {}).ctx, {}), { status: 400 });
  });
});

describe("GET /api/v1/accounts/search with resolve", () => {
  it("lists the account a handle resolves to first, only for a signed-in user asking to resolve", async () => {
    const resolving = context(user, { resolveAccount: async () => ({ accountId: "7" }) });
    const found = await searchAccountsResolving(resolving.ctx, { q: "bob@remote.example", resolve: true });
    assert.deepEqual(found.map((a) => a.id), ["7", "1"]);
    assert.ok(resolving.calls.includes("federation.resolveAccount"));

    for (const [viewer, resolve] of [[user, false], [appOnly, true]] as const) {
      const local = context(viewer, { resolveAccount: async () => ({ accountId: "7" }) });
      const plain = await searchAccountsResolving(local.ctx, { q: "bob@remote.example", resolve });
      assert.deepEqual(plain.map((a) => a.id), ["1", "7"], "the search's own order");
      assert.ok(!local.calls.includes("federation.resolveAccount"));
    }
  });

  it("keeps the local results when nothing resolves, and never resolves a plain name", async () => {
    const missing = context(user, {});
    assert.deepEqual((await searchAccountsResolving(missing.ctx, { q: "bob@nowhere.example", resolve: true })).map((a) => a.id), ["1", "7"]);
    const name = context(user, { resolveAccount: async () => ({ accountId: "7" }) });
    await searchAccountsResolving(name.ctx, { q: "bob", resolve: true });
    assert.ok(!name.calls.includes("federation.resolveAccount"));
  });
});
