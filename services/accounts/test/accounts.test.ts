import assert from "node:assert/strict";
import { status } from "@grpc/grpc-js";
import { checkHealth } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { backends, rejection, startHarness, type Harness } from "./harness.ts";

for (const backend of backends) {
  describe(`accounts on ${backend.name}`, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(backend);
    });
    after(() => h.stop());

    const request = (fields: Partial<{ username: string; email: string; password: string; confirmed: boolean; role: string }>) => ({
      username: "someone",
      email: "someone@example.test",
      confirmed: true,
      ...fields,
    });

    it("serves gRPC health and reports ready once its database and bus answer", async () => {
      assert.equal(await checkHealth(`127.0.0.1:${h.grpcPort}`), "SERVING");
      assert.equal((await fetch(`http://127.0.0.1:${h.adminPort}/readyz`)).status, 200);
    });

    it("creates a local account for an admin viewer with a generated password that signs in", async () => {
      const viewerToken = await h.sign({ scopes: ["admin:write"], role: await h.role("Admin") });
      const created = await h.client.createAccount(request({ username: "Alice", email: "Alice@Example.test" }), { viewerToken });
      const account = created.account!;
      assert.equal(account.username, "Alice");
      assert.equal(account.domain, undefined);
      assert.equal(account.uri, "http://127.0.0.1:3000/users/Alice");
      assert.equal(account.url, "http://127.0.0.1:3000/@Alice");
      assert.equal(account.followersCount, 0);
      assert.ok(created.password.length >= 32);
      const app = (await h.client.createApp({ clientName: "cli", redirectUris: "urn:ietf:wg:oauth:2.0:oob", scopes: "read", website: "" })).app!;
      const token = await h.client.issueToken({ clientId: app.clientId, clientSecret: app.clientSecret, password: { username: "alice@example.TEST", password: created.password } });
      assert.equal(token.scope, "read");
    });

    it("refuses account creation without an Owner or Admin viewer", async () => {
      for (const viewer of [undefined, { scopes: ["read"], accountId: "1" }, { scopes: ["admin:write"], role: await h.role("Moderator") }]) {
        const viewerToken = viewer && (await h.sign(viewer));
        const failure = await rejection(h.client.createAccount(request({ username: "intruder" }), viewerToken ? { viewerToken } : {}));
        assert.equal(failure.code, status.PERMISSION_DENIED);
      }
    });

    it("refuses taken usernames in any case, taken e-mails and malformed input", async () => {
      const viewerToken = await h.sign({ scopes: ["admin:write"], role: await h.role("Owner") });
      await h.createUser("bob");
      const cases: [ReturnType<typeof request>, number, RegExp][] = [
        [request({ username: "BOB", email: "other@example.test" }), status.ALREADY_EXISTS, /^Validation failed: Username has already been taken$/],
        [request({ username: "bobby", email: "BOB@example.test" }), status.ALREADY_EXISTS, /Email has already been taken/],
        [request({ username: "bad-name" }), status.INVALID_ARGUMENT, /Username must contain only letters, numbers and underscores/],
        [request({ username: "x".repeat(31) }), status.INVALID_ARGUMENT, /Username is too long/],
        [request({ username: "" }), status.INVALID_ARGUMENT, /Username can't be blank/],
        [request({ email: "not-an-email" }), status.INVALID_ARGUMENT, /Email is invalid/],
        [request({ password: "short" }), status.INVALID_ARGUMENT, /Password is too short/],
        [request({ role: "Emperor" }), status.INVALID_ARGUMENT, /Role Emperor does not exist/],
      ];
      for (const [fields, code, message] of cases) {
        const failure = await rejection(h.client.createAccount(fields, { viewerToken }));
        assert.equal(failure.code, code, JSON.stringify(fields));
        assert.match(failure.details, message);
      }
    });

    it("returns accounts in request order and leaves unknown ids out", async () => {
      const carol = (await h.createUser("carol")).account;
      const dave = (await h.createUser("dave")).account;
      const { accounts } = await h.client.getAccounts({ ids: [dave.id, "123", carol.id, "not-an-id"] });
      assert.deepEqual(accounts.map((a) => a.username), ["dave", "carol"]);
    });

    it("shows the viewer's own account with its source and role", async () => {
      const { account } = await h.createUser("erin", { role: "Owner" });
      const credential = await h.client.getCredentialAccount({}, { viewerToken: await h.sign({ accountId: account.id, scopes: ["read"] }) });
      assert.equal(credential.account!.id, account.id);
      assert.deepEqual(credential.source, { privacy: "public", sensitive: false, language: undefined, note: "", fields: [], followRequestsCount: 0 });
      assert.equal(credential.role!.name, "Owner");
      assert.equal(credential.role!.permissions, String((1 << 20) - 1));
      const plain = (await h.createUser("frank")).account;
      const role = (await h.client.getCredentialAccount({}, { viewerToken: await h.sign({ accountId: plain.id, scopes: ["read"] }) })).role!;
      assert.deepEqual([role.id, role.name, role.permissions], ["-99", "", String(1 << 16)]);
    });

    it("refuses the credential account to app-only and anonymous callers", async () => {
      assert.equal((await rejection(h.client.getCredentialAccount({}))).code, status.UNAUTHENTICATED);
      const appOnly = await h.sign({ appId: "1", scopes: ["read"] });
      assert.equal((await rejection(h.client.getCredentialAccount({}, { viewerToken: appOnly }))).code, status.UNAUTHENTICATED);
    });

    it("announces a created account with account.created", async () => {
      const seen: string[] = [];
      const subscription = await h.bus.subscribe({ topics: ["starling.accounts.v1"], group: `test-created-${Date.now()}`, fromBeginning: true, handler: async (e) => void seen.push(e.type + ":" + e.key) });
      const { account } = await h.createUser("gina");
      await waitFor(() => seen.includes(`account.created:${account.id}`), { what: "account.created" });
      await subscription.stop();
    });
  });
}
