import assert from "node:assert/strict";
import { createOAuthAPIClient, createRestAPIClient } from "masto";
import { browserKeys, startPushService, verifyVapid, waitFor, type TestPushService } from "@starling/testkit";
import { describeOnBothStacks } from "../src/harness/on-both-stacks.ts";
import { signIn, type Session } from "../src/harness/masto-session.ts";
import { openWebSocket } from "../src/harness/stream-clients.ts";
import { suiteSessions } from "../src/harness/suite-sessions.ts";
import type { Stack } from "../src/harness/stack.ts";

type Answer = { status: number; body: Record<string, any> };

/**
 * Web Push subscriptions through the gateway with masto.js and plain forms, and what a mention
 * sends: a push the subscriber's keys decrypt, signed with the instance's VAPID key, and an e-mail
 * to a user who is away, received by the stack's SMTP server.
 */
function describePushAndMail(start: () => Promise<Stack>): void {
  let stack: Stack;
  let alice: Session;
  let bob: Session;
  let pushService: TestPushService;
  const suffix = suiteSessions(start, ["alice"], async (suite) => {
    ({ stack, alice } = suite);
    const email = `bob_${suffix}@example.com`;
    bob = await signIn(stack.url, email, await stack.createAccount(`bob_${suffix}`, email), "read write push");
  });
  before(async () => {
    pushService = await startPushService();
  });
  after(() => pushService.stop());

  const call = async (who: Session, method: string, body?: string, type = "application/x-www-form-urlencoded"): Promise<Answer> => {
    const res = await fetch(`${stack.url}/api/v1/push/subscription`, { method, headers: { authorization: `Bearer ${who.accessToken}`, ...(body ? { "content-type": type } : {}) }, body });
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };

  it("subscribes with masto.js, shows the instance's VAPID key everywhere, and casts form alerts to booleans", async () => {
    const keys = browserKeys();
    const created = await bob.client.v1.push.subscription.create({ subscription: { endpoint: `${pushService.url}/bob`, keys: { p256dh: keys.p256dh, auth: keys.auth } }, data: { alerts: { mention: true } }, policy: "all" });
    const instance = (await (await fetch(`${stack.url}/api/v2/instance`)).json()) as { configuration: { vapid: { public_key: string } } };
    const app = await createRestAPIClient({ url: stack.url }).v1.apps.create({ clientName: "vapid", redirectUris: "urn:ietf:wg:oauth:2.0:oob", scopes: "read push" });
    assert.match(created.serverKey, /^B[\w-]{86}$/);
    assert.deepEqual([instance.configuration.vapid.public_key, app.vapidKey], [created.serverKey, created.serverKey]);
    assert.equal(created.alerts.mention, true);
    assert.deepEqual((await bob.client.v1.push.subscription.fetch()).id, created.id);
    const form = "data[alerts][follow]=1&data[alerts][favourite]=f&data[alerts][reblog]=yes&data[alerts][poll]=&data[policy]=follower";
    const updated = await call(bob, "PUT", form);
    assert.equal(updated.status, 200);
    assert.deepEqual([updated.body.alerts.follow, updated.body.alerts.favourite, updated.body.alerts.reblog, updated.body.alerts.poll, updated.body.alerts.mention, updated.body.policy], [true, false, true, false, false, "follower"]);
    assert.equal((await call(bob, "PUT", "data[policy]=everyone")).status, 422);
    assert.deepEqual(await call(bob, "DELETE"), { status: 200, body: {} });
    assert.equal((await call(bob, "GET")).status, 404);
  });

  it("needs the push scope and a well-formed subscription", async () => {
    assert.equal((await call(alice, "GET")).status, 403);
    const missing = await call(bob, "POST", "subscription[endpoint]=https://push.example/x");
    assert.equal(missing.status, 422);
    assert.equal(typeof missing.body.error, "string");
  });

  it("pushes a mention to the subscriber and mails it to a user who is away", async function () {
    this.timeout(60_000);
    // Notifications come from the timelines service (issue 14, item 1); without them nothing is sent.
    if ((await fetch(`${stack.url}/api/v1/notifications`, { headers: { authorization: `Bearer ${bob.accessToken}` } })).status === 404) this.skip();
    const keys = browserKeys();
    const endpoint = `${pushService.url}/mention-${suffix}`;
    await bob.client.v1.push.subscription.create({ subscription: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } }, data: { alerts: { mention: true } }, policy: "all" });
    const carol = `carol_${suffix}`;
    await stack.createAccount(carol, `${carol}@example.com`);
    await alice.client.v1.statuses.create({ status: `@bob_${suffix} @${carol} hello ${suffix}` });
    const pushed = await waitFor(() => pushService.received.find((m) => m.path === `/mention-${suffix}`), { what: "the pushed mention", timeoutMs: 30_000 });
    const { key } = await verifyVapid(pushed.headers.authorization, endpoint);
    const payload = keys.decrypt(pushed.body) as Record<string, string>;
    assert.equal(key, (await bob.client.v1.push.subscription.fetch()).serverKey);
    assert.deepEqual([payload.notification_type, payload.access_token, payload.title, payload.body], ["mention", bob.accessToken, `alice_${suffix} mentioned you`, `@bob_${suffix} @${carol} hello ${suffix}`]);
    const notification = await bob.client.v1.notifications.$select(payload.notification_id!).fetch();
    assert.equal(notification.type, "mention");
    const mail = await waitFor(() => stack.smtp?.messages.find((m) => m.envelopeTo.includes(`${carol}@example.com`)), { what: "the mention e-mail", timeoutMs: 30_000 });
    assert.equal(mail.subject, `alice_${suffix} mentioned you`);
    assert.match(mail.text, new RegExp(`hello ${suffix}`));
  });

  it("mails nobody whose stream is open: an open stream counts as activity", async function () {
    this.timeout(90_000);
    // Two users who never made an API request: one opens a stream, the other does nothing.
    const withToken = async (name: string) => ({ name, token: await tokenOnly(name) });
    const [streamer, away] = await Promise.all([withToken(`streamer_${suffix}`), withToken(`away_${suffix}`)]);
    const ws = await openWebSocket(stack.url, { stream: "user:notification", access_token: streamer.token });
    await alice.client.v1.statuses.create({ status: `@${streamer.name} are you there ${suffix}` });
    await ws.next((e) => e.event === "notification", "the mention on the streamer's stream");
    await alice.client.v1.statuses.create({ status: `@${away.name} and you ${suffix}` });
    await waitFor(() => stack.smtp?.messages.find((m) => m.envelopeTo.includes(`${away.name}@example.com`)), { what: "the away user's e-mail", timeoutMs: 30_000 });
    assert.ok(!stack.smtp?.messages.some((m) => m.envelopeTo.includes(`${streamer.name}@example.com`)), "no e-mail to the user with an open stream");
    ws.close();
  });

  // A token for a new account, got without any API request that would count as activity.
  async function tokenOnly(username: string): Promise<string> {
    const email = `${username}@example.com`;
    const password = await stack.createAccount(username, email);
    const app = await createRestAPIClient({ url: stack.url }).v1.apps.create({ clientName: "streamer", redirectUris: "urn:ietf:wg:oauth:2.0:oob", scopes: "read" });
    const oauth = createOAuthAPIClient({ url: stack.url });
    const token = await oauth.token.create({ grantType: "password", clientId: app.clientId!, clientSecret: app.clientSecret!, redirectUri: "urn:ietf:wg:oauth:2.0:oob", username: email, password, scope: "read" });
    return token.accessToken;
  }
}

describeOnBothStacks("Web Push and notification e-mails", describePushAndMail);
