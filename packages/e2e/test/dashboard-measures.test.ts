import assert from "node:assert/strict";
import { waitFor } from "@starling/testkit";
import { describeOnBothStacks } from "../src/harness/on-both-stacks.ts";
import { signIn, type Session } from "../src/harness/masto-session.ts";
import { suiteSessions } from "../src/harness/suite-sessions.ts";
import type { Stack } from "../src/harness/stack.ts";
import { startFedifyPeer } from "../src/harness/fedify-peer.ts";

type Json = Record<string, any>;

// Issue 17's "measures count today's new users", and the public weekly activity and peers, read
// from the moderation service's counters.
describeOnBothStacks("dashboard measures and instance activity", (start) => {
  let stack: Stack;
  let ana: Session;
  let admin: Session;
  const suffix = suiteSessions(start, ["ana"], async (suite) => {
    ({ stack, ana } = suite);
    const email = `dash_${suffix}@example.com`;
    const password = await stack.createAccount(`dash_${suffix}`, email, ["--role", "Admin"]);
    admin = await signIn(stack.url, email, password, "read write admin:read admin:write");
  });

  const today = () => new Date().toISOString().slice(0, 10);
  const post = async (session: Session, path: string, body: unknown) => {
    const response = await fetch(`${stack.url}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${session.accessToken}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as any };
  };
  const newUsersToday = async () => {
    const { status, body } = await post(admin, "/api/v1/admin/measures", { keys: ["new_users", "unknown_key"], start_at: today(), end_at: today() });
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.length, 1);
    return Number(body[0].total);
  };

  it("counts today's new users: two more accounts make new_users grow by two", async function () {
    this.timeout(120_000);
    // The admin and ana were counted already once the consumer caught up with them.
    const before = await waitFor(async () => ((n) => (n >= 2 ? n : undefined))(await newUsersToday()), { timeoutMs: 60_000, what: "the suite's accounts counted" });
    await stack.createAccount(`one_${suffix}`, `one_${suffix}@example.com`);
    await stack.createAccount(`two_${suffix}`, `two_${suffix}@example.com`);
    const after = await waitFor(async () => ((n) => (n >= before + 2 ? n : undefined))(await newUsersToday()), { timeoutMs: 60_000, what: "two more new users" });
    assert.equal(after, before + 2);
    const [measure] = (await post(admin, "/api/v1/admin/measures", { keys: ["new_users"], start_at: today(), end_at: today() })).body;
    assert.deepEqual(Object.keys(measure).sort(), ["data", "key", "previous_total", "total", "unit"]);
    assert.deepEqual(measure.data, [{ date: `${today()}T00:00:00.000Z`, value: measure.total }]);
  });

  it("names the app a sign-up came through in the sources dimension", async function () {
    this.timeout(120_000);
    const clientName = `Sources ${suffix}`;
    const registered = await fetch(`${stack.url}/api/v1/apps`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ client_name: clientName, redirect_uris: "urn:ietf:wg:oauth:2.0:oob", scopes: "read write" }) });
    const app = (await registered.json()) as Json;
    const form = { grant_type: "client_credentials", client_id: app.client_id, client_secret: app.client_secret, redirect_uri: "urn:ietf:wg:oauth:2.0:oob", scope: "read write" };
    const token = (await (await fetch(`${stack.url}/oauth/token`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(form) })).json()) as Json;
    const signUp = await post({ accessToken: token.access_token } as Session, "/api/v1/accounts", { username: `src_${suffix}`, email: `src_${suffix}@example.com`, password: "a long passphrase", agreement: true, locale: "en" });
    assert.equal(signUp.status, 200, JSON.stringify(signUp.body));
    const sources = await waitFor(
      async () => {
        const { body } = await post(admin, "/api/v1/admin/dimensions", { keys: ["sources"], start_at: today(), end_at: today(), limit: 100 });
        return (body[0].data as Json[]).find((item) => item.key === clientName);
      },
      { timeoutMs: 60_000, what: "the app among the sources" },
    );
    assert.deepEqual(sources, { key: clientName, human_key: clientName, value: "1" });
  });

  it("refuses a bad date with a JSON 422 and a user without view_dashboard with 403", async () => {
    const bad = await post(admin, "/api/v1/admin/measures", { keys: ["new_users"], start_at: "yesterday", end_at: today() });
    assert.equal(bad.status, 422);
    assert.match(bad.body.error, /start_at/);
    assert.equal((await post(ana, "/api/v1/admin/measures", { keys: ["new_users"], start_at: today(), end_at: today() })).status, 403);
  });

  it("counts this week's statuses in the instance activity", async function () {
    this.timeout(120_000);
    const activity = async () => (await (await fetch(`${stack.url}/api/v1/instance/activity`)).json()) as Json[];
    const before = Number((await activity())[0]!.statuses);
    await ana.client.v1.statuses.create({ status: `counted ${suffix}` });
    const weeks = await waitFor(async () => ((w) => (Number(w[0]!.statuses) > before ? w : undefined))(await activity()), { timeoutMs: 60_000, what: "the status in this week's activity" });
    assert.equal(weeks.length, 12);
    assert.deepEqual(Object.keys(weeks[0]!).sort(), ["logins", "registrations", "statuses", "week"]);
    assert.ok(Number(weeks[0]!.logins) >= 1, "the suite's password sign-ins count as logins");
  });

  it("lists a remote server among the peers once one of its accounts is known", async function () {
    this.timeout(120_000);
    const peer = await startFedifyPeer();
    try {
      await peer.addActor("peerpal");
      const found = await ana.client.v2.search.list({ q: `@peerpal@${peer.host}`, resolve: true, type: "accounts" });
      assert.equal(found.accounts.length, 1);
      const response = await fetch(`${stack.url}/api/v1/instance/peers`);
      assert.equal(response.status, 200);
      const peers = (await response.json()) as string[];
      assert.ok(peers.includes(peer.host), `${peer.host} in ${JSON.stringify(peers)}`);
      assert.deepEqual(peers, [...peers].sort());
    } finally {
      await peer.stop();
    }
  });

  it("answers 404 for the peers while staff keep peers_visible off, and lists them again once it is on", async function () {
    this.timeout(60_000);
    const setPeersVisible = (visible: boolean) =>
      fetch(`${stack.url}/api/v1/admin/instance`, {
        method: "PUT",
        headers: { authorization: `Bearer ${admin.accessToken}`, "content-type": "application/json" },
        body: JSON.stringify({ peers_visible: visible }),
      });
    assert.equal((await setPeersVisible(false)).status, 200);
    try {
      const hidden = await fetch(`${stack.url}/api/v1/instance/peers`);
      assert.equal(hidden.status, 404);
      assert.deepEqual(await hidden.json(), { error: "Record not found" });
    } finally {
      assert.equal((await setPeersVisible(true)).status, 200);
    }
    assert.equal((await fetch(`${stack.url}/api/v1/instance/peers`)).status, 200);
  });
}, { env: { FEDERATION_ALLOW_PRIVATE_ADDRESS: "true" } });
