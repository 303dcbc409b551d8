import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { status } from "@grpc/grpc-js";
import type { App } from "@starling/proto/accounts/v1/accounts";
import { OAuthServiceClient, type AuthorizationParams } from "@starling/proto/accounts/v1/oauth";
import { SessionsServiceClient } from "@starling/proto/accounts/v1/sessions";
import { decodePayload, TOPICS } from "@starling/events";
import { connectService, type AsyncClient } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { hashToken } from "../src/domain/secrets.ts";
import { backends, rejection, startHarness, type Harness } from "./harness.ts";

const IVORY = "com.tapbots.Ivory.10217:/request_token";
const OOB = "urn:ietf:wg:oauth:2.0:oob";

const verifierPair = () => {
  const verifier = randomBytes(48).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
};

for (const backend of backends) {
  describe(`OAuth authorization codes, revocation and sign-in on ${backend.name}`, () => {
    let h: Harness;
    let oauth: AsyncClient<OAuthServiceClient>;
    let sessions: AsyncClient<SessionsServiceClient>;
    let app: App;
    let user: Awaited<ReturnType<Harness["createUser"]>>;
    let session: string;

    before(async () => {
      h = await startHarness(backend);
      oauth = connectService(OAuthServiceClient, `127.0.0.1:${h.grpcPort}`, { deadlineMs: 10_000 });
      sessions = connectService(SessionsServiceClient, `127.0.0.1:${h.grpcPort}`, { deadlineMs: 10_000 });
      app = (await h.client.createApp({ clientName: "Ivory", redirectUris: `${IVORY}\n${OOB}\nhttps://client.example/cb`, scopes: "read write follow push", website: "" })).app!;
      user = await h.createUser("olivia");
      // The gateway signs the web session's account as a viewer without scopes.
      session = await h.sign({ accountId: user.account.id, scopes: [] });
    });
    after(async () => {
      oauth.close();
      sessions.close();
      await h.stop();
    });

    const params = (fields: Partial<AuthorizationParams> = {}): AuthorizationParams => ({
      clientId: app.clientId,
      redirectUri: IVORY,
      responseType: "code",
      scope: "read write",
      ...fields,
    });
    const approve = (fields: Partial<AuthorizationParams> = {}) => oauth.createAuthorizationCode({ params: params(fields) }, { viewerToken: session });
    const exchange = ({ clientId = app.clientId, clientSecret = app.clientSecret, ...grant }: { code: string; redirectUri?: string; codeVerifier?: string; clientId?: string; clientSecret?: string }) =>
      h.client.issueToken({ clientId, clientSecret, authorizationCode: { redirectUri: IVORY, ...grant } });

    it("describes a request for the consent page with the app's name, the scopes asked and each registered redirect URI", async () => {
      const described = await oauth.describeAuthorization({ params: params({ scope: "read write follow" }) });
      assert.deepEqual(described, { appName: "Ivory", appWebsite: undefined, scopes: ["read", "write", "follow"], redirectUri: IVORY, outOfBand: false });
      assert.equal((await oauth.describeAuthorization({ params: params({ redirectUri: OOB }) })).outOfBand, true);
      assert.equal((await oauth.describeAuthorization({ params: params({ redirectUri: "https://client.example/cb", scope: "" }) })).scopes.join(" "), "read");
    });

    it("refuses bad authorization requests with the OAuth error of the first failed check", async () => {
      const cases: [Partial<AuthorizationParams>, string][] = [
        [{ clientId: undefined }, "invalid_client"],
        [{ clientId: "" }, "invalid_client"],
        [{ clientId: "unknown" }, "invalid_client"],
        [{ redirectUri: "com.tapbots.Ivory.10217:/other" }, "invalid_redirect_uri"],
        [{ redirectUri: "https://client.example/cb/" }, "invalid_redirect_uri"],
        [{ redirectUri: "" }, "invalid_redirect_uri"],
        [{ redirectUri: undefined }, "invalid_redirect_uri"],
        [{ responseType: undefined }, "invalid_request"],
        [{ codeChallengeMethod: "S256" }, "invalid_request"],
        [{ clientId: "unknown", scope: "bogus" }, "invalid_client"],
        [{ responseType: "token" }, "unsupported_response_type"],
        [{ scope: "read admin:read" }, "invalid_scope"],
        [{ scope: "read bogus" }, "invalid_scope"],
        [{ codeChallenge: verifierPair().challenge, codeChallengeMethod: "S512" }, "invalid_code_challenge_method"],
        [{ codeChallenge: "short", codeChallengeMethod: "S256" }, "invalid_request"],
      ];
      for (const [fields, error] of cases) {
        const failure = await rejection(oauth.describeAuthorization({ params: params(fields) }));
        assert.equal(failure.details.split(": ")[0], error, JSON.stringify(fields));
        assert.equal(failure.code, error === "invalid_client" ? status.UNAUTHENTICATED : status.INVALID_ARGUMENT);
      }
    });

    it("issues a code only to a signed-in user, and the code buys one token with the approved scopes when the S256 verifier matches", async () => {
      const pkce = verifierPair();
      assert.equal((await rejection(oauth.createAuthorizationCode({ params: params() }))).code, status.UNAUTHENTICATED);
      const issued = await approve({ codeChallenge: pkce.challenge, codeChallengeMethod: "S256", scope: "read write follow" });
      assert.match(issued.code, /^[\w-]{43}$/);
      assert.equal(issued.redirectUri, IVORY);
      assert.ok(issued.expiresAt!.getTime() - Date.now() > 9 * 60_000 && issued.expiresAt!.getTime() - Date.now() <= 10 * 60_000);
      assert.equal(await h.db.table("oauth_authorization_codes").where({ code_hash: issued.code }).first(), undefined);

      const wrong = await rejection(exchange({ code: issued.code, codeVerifier: verifierPair().verifier }));
      assert.match(wrong.details, /^invalid_grant: /);
      assert.equal((await rejection(exchange({ code: issued.code }))).details, "invalid_request: Missing required parameter: code_verifier.", "as Doorkeeper, and the code stays usable");
      const token = await exchange({ code: issued.code, codeVerifier: pkce.verifier });
      assert.equal(token.scope, "read write follow");
      const viewer = await h.client.authenticate({ accessToken: token.accessToken });
      assert.equal(viewer.accountId, user.account.id);
      assert.equal(viewer.appId, app.id);
      assert.deepEqual(viewer.scopes, ["read", "write", "follow"]);

      const reused = await rejection(exchange({ code: issued.code, codeVerifier: pkce.verifier }));
      assert.equal(reused.code, status.INVALID_ARGUMENT);
      assert.match(reused.details, /^invalid_grant: /);
    });

    it("accepts the plain PKCE method and codes without PKCE", async () => {
      const verifier = randomBytes(40).toString("base64url");
      const plain = await approve({ codeChallenge: verifier, codeChallengeMethod: "plain" });
      assert.equal((await exchange({ code: plain.code, codeVerifier: verifier })).scope, "read write");
      const none = await approve({ redirectUri: OOB });
      assert.equal(none.outOfBand, true);
      assert.equal((await exchange({ code: none.code, redirectUri: OOB })).scope, "read write");
    });

    it("refuses a code presented with another redirect URI, by another app, or after it expired", async () => {
      const other = (await h.client.createApp({ clientName: "Other", redirectUris: IVORY, scopes: "read write", website: "" })).app!;
      const code = (await approve()).code;
      assert.match((await rejection(exchange({ code, redirectUri: OOB }))).details, /^invalid_grant: /);
      assert.match((await rejection(exchange({ code, clientId: other.clientId, clientSecret: other.clientSecret }))).details, /^invalid_grant: /);
      assert.match((await rejection(exchange({ code: "not-a-code" }))).details, /^invalid_grant: /);
      assert.match((await rejection(exchange({ code: "" }))).details, /^invalid_grant: /);
      assert.equal((await rejection(exchange({ code, clientSecret: "wrong" }))).code, status.UNAUTHENTICATED);
      await h.db.table("oauth_authorization_codes").where({ code_hash: hashToken(code) }).update({ expires_at: new Date(Date.now() - 1000) });
      assert.match((await rejection(exchange({ code }))).details, /^invalid_grant: /);
    });

    it("refuses approval and redemption for a suspended account", async () => {
      const suspended = await h.createUser("suspendedcode");
      const viewerToken = await h.sign({ accountId: suspended.account.id, scopes: [] });
      const code = (await oauth.createAuthorizationCode({ params: params() }, { viewerToken })).code;
      await h.db.table("accounts").where({ id: suspended.account.id }).update({ suspended_at: new Date() });
      assert.match((await rejection(exchange({ code }))).details, /^invalid_grant: /);
      assert.equal((await rejection(oauth.createAuthorizationCode({ params: params() }, { viewerToken }))).code, status.PERMISSION_DENIED);
    });

    it("revokes a client's own token, answers success for unknown tokens, and refuses another client's token or bad credentials", async () => {
      const other = (await h.client.createApp({ clientName: "Other", redirectUris: OOB, scopes: "read", website: "" })).app!;
      const token = await h.client.issueToken({ clientId: app.clientId, clientSecret: app.clientSecret, password: { username: user.email, password: user.password, scope: "read" } });
      const revoke = (t: string, client: App = app, secret = client.clientSecret) => oauth.revokeToken({ token: t, clientId: client.clientId, clientSecret: secret });
      const foreign = await rejection(revoke(token.accessToken, other));
      assert.equal(foreign.code, status.PERMISSION_DENIED);
      assert.match(foreign.details, /^unauthorized_client: /);
      const badClient = await rejection(revoke(token.accessToken, app, "wrong"));
      assert.equal(badClient.code, status.UNAUTHENTICATED);
      assert.match(badClient.details, /^invalid_client: /);
      // By envelope id: the test bus may deliver an event twice, as at-least-once allows.
      const revocations = new Map<string, { tokenId: string; accountId?: string }>();
      await h.bus.subscribe({ topics: [TOPICS.accounts], group: "test-token-revocations", handler: async (e) => void (e.type === "token.revoked" && revocations.set(e.id, decodePayload("token.revoked", e))) });
      const { tokenId } = await h.client.authenticate({ accessToken: token.accessToken });
      assert.deepEqual(await revoke(token.accessToken), {});
      assert.equal((await rejection(h.client.authenticate({ accessToken: token.accessToken }))).code, status.UNAUTHENTICATED);
      assert.deepEqual(await revoke(token.accessToken), {});
      await waitFor(() => revocations.size > 0, { what: "token.revoked" });
      assert.deepEqual([...revocations.values()], [{ tokenId, accountId: user.account.id }], "one token.revoked, however often revoked");
      assert.deepEqual(await revoke("never-issued"), {});
      assert.deepEqual(await oauth.revokeToken({ clientId: app.clientId, clientSecret: app.clientSecret }), {}, "no token: nothing to revoke");
      assert.equal((await rejection(oauth.revokeToken({ token: "never-issued", clientId: app.clientId }))).code, status.UNAUTHENTICATED, "no secret");
    });

    it("signs a user in by e-mail and password, with one answer for an unknown e-mail and a wrong password", async () => {
      const input = { email: user.email.toUpperCase(), password: user.password, ip: "192.0.2.7", userAgent: "Test browser" };
      assert.deepEqual(await sessions.signIn(input), { user: { userId: (await h.db.table("users").where({ account_id: user.account.id }).first()).id.toString(), accountId: user.account.id }, otpRequired: undefined });
      const wrong = await rejection(sessions.signIn({ ...input, password: `${user.password}x` }));
      const unknown = await rejection(sessions.signIn({ ...input, email: "nobody@example.test" }));
      const blank = await rejection(sessions.signIn({ ...input, password: "" }));
      for (const failure of [wrong, unknown, blank]) assert.equal(failure.code, status.UNAUTHENTICATED);
      assert.equal(wrong.details, unknown.details);
    });
  });
}
