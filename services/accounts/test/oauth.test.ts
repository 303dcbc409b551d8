import assert from "node:assert/strict";
import { status } from "@grpc/grpc-js";
import type { App, IssueTokenRequest } from "@starling/proto/accounts/v1/accounts";
import { hashToken } from "../src/domain/secrets.ts";
import { backends, rejection, startHarness, type Harness } from "./harness.ts";

for (const backend of backends) {
  describe(`OAuth apps and tokens on ${backend.name}`, () => {
    let h: Harness;
    let app: App;
    before(async () => {
      h = await startHarness(backend);
      app = (await h.client.createApp({ clientName: "Test client", redirectUris: "urn:ietf:wg:oauth:2.0:oob", scopes: "read write follow", website: "https://client.example" })).app!;
    });
    after(() => h.stop());

    const token = (fields: Partial<IssueTokenRequest>) => h.client.issueToken({ clientId: app.clientId, clientSecret: app.clientSecret, ...fields });
    const appOnly = (scope?: string) => ({ clientCredentials: { scope } });
    const withPassword = (username: string, password: string, scope?: string) => ({ password: { username, password, scope } });

    it("creates an app with fresh 43-character credentials and the requested scopes", () => {
      assert.match(app.clientId, /^[\w-]{43}$/);
      assert.match(app.clientSecret, /^[\w-]{43}$/);
      assert.notEqual(app.clientId, app.clientSecret);
      assert.deepEqual(app.scopes, ["read", "write", "follow"]);
      assert.deepEqual(app.redirectUris, ["urn:ietf:wg:oauth:2.0:oob"]);
      assert.equal(app.website, "https://client.example");
      assert.equal(app.name, "Test client");
    });

    it("accepts a native app's custom-scheme redirect URI and defaults its scopes to read", async () => {
      const ivory = (await h.client.createApp({ clientName: "Ivory", redirectUris: "com.tapbots.Ivory.10217:/request_token", scopes: "", website: "" })).app!;
      assert.deepEqual(ivory.redirectUris, ["com.tapbots.Ivory.10217:/request_token"]);
      assert.deepEqual(ivory.scopes, ["read"]);
      assert.equal(ivory.website, undefined);
    });

    it("refuses bad app input with Mastodon's validation messages", async () => {
      const cases: [Record<string, string>, RegExp][] = [
        [{ clientName: "" }, /^Validation failed: Name can't be blank$/],
        [{ clientName: "x".repeat(61) }, /Name is too long/],
        [{ redirectUris: "" }, /Redirect URI can't be blank/],
        [{ redirectUris: "javascript:alert(1)" }, /Redirect URI is forbidden/],
        [{ redirectUris: "not a uri" }, /Redirect URI must be an absolute URI/],
        [{ scopes: "read bogus" }, /Scopes must be from the list/],
        [{ website: "ftp://files.example" }, /Website is invalid/],
      ];
      for (const [fields, message] of cases) {
        const failure = await rejection(h.client.createApp({ clientName: "ok", redirectUris: "https://ok.example/cb", scopes: "read", website: "", ...fields }));
        assert.equal(failure.code, status.INVALID_ARGUMENT, JSON.stringify(fields));
        assert.match(failure.details, message);
      }
    });

    it("issues an app-only token by client_credentials that authenticates without an account", async () => {
      const issued = await token(appOnly("read"));
      assert.match(issued.accessToken, /^[\w-]{43}$/);
      assert.equal(issued.tokenType, "Bearer");
      assert.equal(issued.scope, "read");
      assert.ok(issued.createdAt instanceof Date);
      const viewer = await h.client.authenticate({ accessToken: issued.accessToken });
      assert.equal(viewer.accountId, undefined);
      assert.equal(viewer.appId, app.id);
      assert.deepEqual(viewer.scopes, ["read"]);
      assert.equal(viewer.role, undefined);
    });

    it("issues a user token by password grant with the e-mail in any case, and records the sign-in", async () => {
      const before = await h.client.getUsageStats({});
      const { account, email, password } = await h.createUser("grace", { role: "Moderator" });
      const issued = await token(withPassword(email.toUpperCase(), password, "read write"));
      assert.equal(issued.scope, "read write");
      const viewer = await h.client.authenticate({ accessToken: issued.accessToken });
      assert.equal(viewer.accountId, account.id);
      assert.deepEqual(viewer.role, await h.role("Moderator"));
      assert.deepEqual(viewer.scopes, ["read", "write"]);
      const after = await h.client.getUsageStats({});
      assert.equal(Number(after.stats!.usersTotal), Number(before.stats!.usersTotal) + 1);
      assert.equal(Number(after.stats!.usersActiveMonth), Number(before.stats!.usersActiveMonth) + 1);
    });

    it("answers every OAuth failure with its error code first", async () => {
      const { email, password } = await h.createUser("ada");
      await h.createUser("unconfirmed", { confirmed: false, password: "long enough password" });
      const cases: [Parameters<typeof token>[0], number, string][] = [
        [{}, status.INVALID_ARGUMENT, "invalid_request"],
        [{ ...appOnly(), ...withPassword(email, password) }, status.INVALID_ARGUMENT, "invalid_request"],
        [{ clientId: "nope", ...appOnly() }, status.UNAUTHENTICATED, "invalid_client"],
        [{ clientId: undefined, ...appOnly() }, status.UNAUTHENTICATED, "invalid_client"],
        [{ clientSecret: "wrong", ...appOnly() }, status.UNAUTHENTICATED, "invalid_client"],
        [{ clientSecret: undefined, ...appOnly() }, status.UNAUTHENTICATED, "invalid_client"],
        [appOnly("admin:read"), status.INVALID_ARGUMENT, "invalid_scope"],
        [appOnly("bogus"), status.INVALID_ARGUMENT, "invalid_scope"],
        [withPassword(email, `${password}x`), status.INVALID_ARGUMENT, "invalid_grant"],
        [withPassword(email, ""), status.INVALID_ARGUMENT, "invalid_grant"],
        [withPassword("nobody@example.test", password), status.INVALID_ARGUMENT, "invalid_grant"],
        [withPassword("unconfirmed@example.test", "long enough password"), status.INVALID_ARGUMENT, "invalid_grant"],
      ];
      for (const [fields, code, error] of cases) {
        const failure = await rejection(token(fields));
        assert.equal(failure.code, code, JSON.stringify(fields));
        assert.equal(failure.details.split(": ")[0], error, JSON.stringify(fields));
      }
    });

    it("refuses a password grant and the existing tokens of a suspended account", async () => {
      const { account, email, password } = await h.createUser("suspended");
      const issued = await token(withPassword(email, password));
      await h.db.table("accounts").where({ id: account.id }).update({ suspended_at: new Date() });
      const grant = await rejection(token(withPassword(email, password)));
      assert.match(grant.details, /^invalid_grant: /);
      const auth = await rejection(h.client.authenticate({ accessToken: issued.accessToken }));
      assert.equal(auth.code, status.PERMISSION_DENIED);
      assert.equal(auth.details, "Your login is currently disabled");
    });

    it("refuses unknown and revoked tokens alike, and stores tokens only as hashes", async () => {
      const issued = await token(appOnly());
      assert.equal((await rejection(h.client.authenticate({ accessToken: "unknown" }))).details, "The access token is invalid");
      assert.equal(await h.db.table("oauth_tokens").where({ token_hash: issued.accessToken }).first(), undefined);
      const stored = h.db.table("oauth_tokens").where({ token_hash: hashToken(issued.accessToken) });
      assert.equal((await stored.clone().select("id")).length, 1);
      // Revocation arrives with POST /oauth/revoke; the column is what Authenticate reads.
      await stored.update({ revoked_at: new Date() });
      const revoked = await rejection(h.client.authenticate({ accessToken: issued.accessToken }));
      assert.equal(revoked.code, status.UNAUTHENTICATED);
    });
  });
}
