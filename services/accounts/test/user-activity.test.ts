// What the dashboard's active users, logins and languages are fed from: every grant that signs a
// user in announces user.signed_in with the user's language, and authenticated use announces
// user.active on the first activity of each UTC day only (Mastodon's update_sign_in! from requests).
import assert from "node:assert/strict";
import { decodePayload, TOPICS, type EventEnvelope, type Subscription } from "@starling/events";
import type { IssueTokenRequest } from "@starling/proto/accounts/v1/accounts";
import { OAuthServiceClient } from "@starling/proto/accounts/v1/oauth";
import { PushServiceClient } from "@starling/proto/accounts/v1/push";
import { connectService, type AsyncClient } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { backends, startHarness, type Harness } from "./harness.ts";

const OOB = "urn:ietf:wg:oauth:2.0:oob";

for (const backend of backends) {
  describe(`sign-ins and daily activity announced for the dashboard on ${backend.name}`, function () {
    this.timeout(60_000);
    let h: Harness;
    let oauth: AsyncClient<OAuthServiceClient>;
    let push: AsyncClient<PushServiceClient>;
    let subscription: Subscription;
    // Once each although the embedded bus delivers every event twice.
    const seen = new Map<string, EventEnvelope>();
    before(async () => {
      h = await startHarness(backend);
      oauth = connectService(OAuthServiceClient, `127.0.0.1:${h.grpcPort}`, { deadlineMs: 10_000 });
      push = connectService(PushServiceClient, `127.0.0.1:${h.grpcPort}`, { deadlineMs: 10_000 });
      subscription = await h.bus.subscribe({ topics: [TOPICS.accounts], group: "test-activity", fromBeginning: true, handler: async (e) => void seen.set(e.id, e) });
    });
    after(async () => {
      await subscription?.stop();
      oauth?.close();
      push?.close();
      await h?.stop();
    });

    const eventsOf = (type: string, accountId: string) => [...seen.values()].filter((e) => e.type === type && e.key === accountId);
    /** A confirmed user with an interface language, and an app. */
    async function userWithLocale(name: string, locale: string) {
      const user = await h.createUser(name, { password: "correct horse battery staple" });
      await h.db.table("users").where({ account_id: user.account.id }).update({ locale });
      const { app } = await h.client.createApp({ clientName: "Client", redirectUris: OOB, scopes: "read write", website: "" });
      return { ...user, app: app! };
    }
    const grant = (app: { clientId: string; clientSecret: string }, which: Omit<IssueTokenRequest, "clientId" | "clientSecret">) =>
      h.client.issueToken({ clientId: app.clientId, clientSecret: app.clientSecret, ...which });

    it("announces the password grant and the authorization_code grant as sign-ins with the user's language", async () => {
      const pia = await userWithLocale("pia", "de");
      await grant(pia.app, { password: { username: pia.email, password: pia.password, scope: "read" } });
      const session = await h.sign({ accountId: pia.account.id, scopes: [] });
      const { code } = await oauth.createAuthorizationCode({ params: { clientId: pia.app.clientId, redirectUri: OOB, responseType: "code", scope: "read" } }, { viewerToken: session });
      await grant(pia.app, { authorizationCode: { code, redirectUri: OOB } });
      const signIns = await waitFor(() => ((found) => (found.length === 2 ? found : undefined))(eventsOf("user.signed_in", pia.account.id)), { what: "two user.signed_in" });
      assert.deepEqual(signIns.map((e) => decodePayload("user.signed_in", e).locale), ["de", "de"]);
      // An app-only token signs nobody in.
      await grant(pia.app, { clientCredentials: { scope: "read" } });
      await h.bus.drain();
      assert.equal(eventsOf("user.signed_in", pia.account.id).length, 2);
    });

    it("announces user.active once on a user's first activity of a day, with the language, and makes it the current sign-in", async () => {
      const rui = await userWithLocale("rui", "pt-BR");
      const viewerToken = await h.sign({ accountId: rui.account.id, scopes: ["read"] });
      await push.recordActivity({}, { viewerToken });
      await push.recordActivity({}, { viewerToken });
      const [first] = await waitFor(() => ((found) => (found.length > 0 ? found : undefined))(eventsOf("user.active", rui.account.id)), { what: "user.active" });
      const payload = decodePayload("user.active", first!);
      assert.equal(payload.locale, "pt-BR");
      const row = (await h.db.table("users").where({ account_id: rui.account.id }).first("current_sign_in_at", "last_active_at")) as { current_sign_in_at: Date; last_active_at: Date };
      assert.equal(new Date(row.current_sign_in_at).getTime(), payload.activeAt!.getTime());
      // Later the same day (past the minute's throttle): activity is noted, nothing announced.
      const sameDay = new Date(Math.max(Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`), Date.now() - 3_600_000));
      await h.db.table("users").where({ account_id: rui.account.id }).update({ last_active_at: sameDay });
      await push.recordActivity({}, { viewerToken });
      // (Just after midnight the throttle's minute has not passed since then, and nothing is written.)
      if (Date.now() - sameDay.getTime() > 60_000) assert.ok(new Date((await h.db.table("users").where({ account_id: rui.account.id }).first("last_active_at")).last_active_at) > sameDay);
      await h.bus.drain();
      assert.equal(eventsOf("user.active", rui.account.id).length, 1);
      // Last active yesterday: today's first request is announced again.
      await h.db.table("users").where({ account_id: rui.account.id }).update({ last_active_at: new Date(Date.now() - 86_400_000) });
      await push.recordActivity({}, { viewerToken });
      await waitFor(() => eventsOf("user.active", rui.account.id).length === 2, { what: "the next day's user.active" });
    });
  });
}
