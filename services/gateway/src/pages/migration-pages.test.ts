import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import type { Clients } from "../clients/gateway-clients.ts";
import { addAlias, moveAccount, removeAlias, showAliases, showMigration } from "./migration-pages.ts";
import { serveSettingsPages, type SettingsPagesServer } from "../../test/fixtures/settings-pages-server.ts";

type Call = [string, Record<string, unknown>, string];
type GrpcError = Error & { code: number; details: string };

/** A failure as the gRPC client reports one: a code and the service's details. */
const grpcError = (code: GrpcStatus, details: string): GrpcError => Object.assign(new Error(`${code} ${details}`), { code, details });

/** The accounts service as the pages see it: records every call, answers from `state`. */
function fakeClients(state: { aliases: Array<{ id: string; acct: string }>; movedTo: string; failure?: GrpcError | undefined }, calls: Call[]) {
  const record = (name: string) => async (request: Record<string, unknown>, options: { viewerToken: string }) => {
    calls.push([name, request, options.viewerToken]);
    if (state.failure && name !== "listAliases" && !name.startsWith("get")) throw state.failure;
    if (name === "listAliases") return { aliases: state.aliases.map((a) => ({ ...a, uri: `https://x/${a.id}` })) };
    if (name === "getCredentialAccount") return { account: { id: "7", movedToAccountId: state.movedTo } };
    if (name === "getAccounts") return { accounts: [{ id: state.movedTo, username: "bob", domain: "elsewhere.example" }] };
    return {};
  };
  const profiles = { listAliases: record("listAliases"), addAlias: record("addAlias"), removeAlias: record("removeAlias"), moveAccount: record("moveAccount") };
  const accounts = { getCredentialAccount: record("getCredentialAccount"), getAccounts: record("getAccounts") };
  return { profiles, accounts } as unknown as Clients;
}

describe("account aliases and migration settings pages", () => {
  const state = { aliases: [] as Array<{ id: string; acct: string }>, movedTo: "", failure: undefined as GrpcError | undefined };
  const calls: Call[] = [];
  let pages: SettingsPagesServer;
  let base: string;
  let cookie: string;
  let csrf: string;

  before(async () => {
    pages = await serveSettingsPages(fakeClients(state, calls), (app, deps) => {
      app.get("/settings/aliases", showAliases(deps));
      app.post("/settings/aliases", addAlias(deps));
      app.post("/settings/aliases/:id/delete", removeAlias(deps));
      app.get("/settings/migration", showMigration(deps));
      app.post("/settings/migration", moveAccount(deps));
    });
    ({ url: base, cookie, csrf } = pages);
  });
  after(() => pages.close());
  beforeEach(() => {
    calls.length = 0;
    Object.assign(state, { aliases: [], movedTo: "", failure: undefined });
  });

  const get = (path: string, signedIn = true) => fetch(`${base}${path}`, { redirect: "manual", headers: signedIn ? { cookie } : {} });
  const post = (path: string, form: Record<string, string>, token: string | null = csrf) =>
    fetch(`${base}${path}`, { method: "POST", redirect: "manual", headers: { cookie }, body: new URLSearchParams({ ...(token ? { authenticity_token: token } : {}), ...form }) });

  it("sends a browser without a session to sign in, coming back to the page", async () => {
    const away = await get("/settings/migration", false);
    assert.deepEqual([away.status, away.headers.get("location")], [303, "/auth/sign_in?return_to=%2Fsettings%2Fmigration"]);
    assert.deepEqual(calls, []);
  });

  it("lists the aliases escaped, each with a remove form carrying the CSRF token", async () => {
    state.aliases = [{ id: "11", acct: "old@example.org" }, { id: "12", acct: "<b>x</b>@example.org" }];
    const res = await get("/settings/aliases");
    const text = await res.text();
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("cache-control"), "no-store");
    assert.match(text, /<li data-alias="11"><span class="acct">@old@example.org<\/span>/);
    assert.match(text, /@&lt;b&gt;x&lt;\/b&gt;@example.org/);
    assert.match(text, new RegExp(`action="/settings/aliases/12/delete"><input type="hidden" name="authenticity_token" value="${csrf}">`));
    assert.deepEqual(calls, [["listAliases", {}, "viewer-of-7"]]);
  });

  it("adds an alias and redirects back, or shows the refusal in words with what was typed", async () => {
    const added = await post("/settings/aliases", { acct: "  old@example.org " });
    assert.deepEqual([added.status, added.headers.get("location")], [303, "/settings/aliases"]);
    assert.deepEqual(calls, [["addAlias", { acct: "old@example.org" }, "viewer-of-7"]]);
    state.failure = grpcError(GrpcStatus.INVALID_ARGUMENT, "Validation failed: Acct could not be found");
    const refused = await post("/settings/aliases", { acct: "ghost" });
    const text = await refused.text();
    assert.equal(refused.status, 422);
    assert.match(text, /role="alert">No account with that handle is known to this server\./);
    assert.match(text, /name="acct" type="text" autocomplete="off" value="ghost"/);
  });

  it("refuses a form without this session's CSRF token and calls nothing", async () => {
    for (const token of [null, "forged"]) {
      assert.equal((await post("/settings/migration", { acct: "bob", password: "pw" }, token)).status, 422);
      assert.equal((await post("/settings/aliases/11/delete", {}, token)).status, 422);
    }
    assert.deepEqual(calls, []);
  });

  it("removes an alias by its id through the old account's handle, and says so when it is gone", async () => {
    state.aliases = [{ id: "11", acct: "old@example.org" }];
    const removed = await post("/settings/aliases/11/delete", {});
    assert.deepEqual([removed.status, removed.headers.get("location")], [303, "/settings/aliases"]);
    assert.deepEqual(calls.at(-1), ["removeAlias", { acct: "old@example.org" }, "viewer-of-7"]);
    calls.length = 0;
    const gone = await post("/settings/aliases/99/delete", {});
    assert.equal(gone.status, 422);
    assert.match(await gone.text(), /That alias no longer exists\./);
    assert.deepEqual(calls.map(([name]) => name), ["listAliases"]);
  });

  it("shows where the account redirects to", async () => {
    assert.match(await (await get("/settings/migration")).text(), /Your account does not redirect anywhere\./);
    state.movedTo = "42";
    assert.match(await (await get("/settings/migration")).text(), /Your account redirects to <strong>@bob@elsewhere\.example<\/strong>/);
    assert.deepEqual(calls.at(-1), ["getAccounts", { ids: ["42"] }, "viewer-of-7"]);
  });

  it("moves with the handle and the password, and shows a refusal on the form", async () => {
    const moved = await post("/settings/migration", { acct: "bob ", password: "secret pw" });
    assert.deepEqual([moved.status, moved.headers.get("location")], [303, "/settings/migration"]);
    assert.deepEqual(calls, [["moveAccount", { targetAcct: "bob", password: "secret pw" }, "viewer-of-7"]]);
    state.failure = grpcError(GrpcStatus.INVALID_ARGUMENT, "Validation failed: Acct does not list this account as an alias");
    const refused = await post("/settings/migration", { acct: "bob", password: "secret pw" });
    const text = await refused.text();
    assert.equal(refused.status, 422);
    assert.match(text, /That account does not list this one as an alias\./);
    assert.doesNotMatch(text, /secret pw/, "the password is never echoed");
    state.failure = grpcError(GrpcStatus.INVALID_ARGUMENT, "Invalid password");
    assert.match(await (await post("/settings/migration", { acct: "bob", password: "x" })).text(), /role="alert">Invalid password</);
  });

  it("answers 503 with a page, not a stack trace, when the service is unavailable", async () => {
    state.failure = grpcError(GrpcStatus.UNAVAILABLE, "connection refused");
    const res = await post("/settings/migration", { acct: "bob", password: "pw" });
    assert.equal(res.status, 503);
    assert.match(await res.text(), /Temporary problem/);
  });
});
