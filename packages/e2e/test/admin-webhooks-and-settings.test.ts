import assert from "node:assert/strict";
import { hubSignatureMatches, startWebhookReceiver, waitFor, type TestWebhookReceiver } from "@starling/testkit";
import { describeOnBothStacks } from "../src/harness/on-both-stacks.ts";
import { signIn, type Session } from "../src/harness/masto-session.ts";
import { suiteSessions } from "../src/harness/suite-sessions.ts";
import type { Stack } from "../src/harness/stack.ts";

type Json = Record<string, any>;

// Issue 17's "Done means" for webhooks and the instance's pages: a local receiver (loopback allowed
// by the shared test setting) gets a correctly signed report.created after POST /api/v1/reports, and
// the privacy policy set through the admin route comes back rendered from Markdown.
describeOnBothStacks("admin webhooks and instance settings", (start) => {
  let stack: Stack;
  let ana: Session;
  let ben: Session;
  let admin: Session;
  let receiver: TestWebhookReceiver;
  const suffix = suiteSessions(start, ["ana", "ben"], async (suite) => {
    ({ stack, ana, ben } = suite);
    const email = `hooks_${suffix}@example.com`;
    const password = await stack.createAccount(`hooks_${suffix}`, email, ["--role", "Admin"]);
    admin = await signIn(stack.url, email, password, "read write follow admin:read admin:write");
    receiver = await startWebhookReceiver();
  });
  after(() => receiver?.stop());

  const api = async (session: Session | undefined, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${stack.url}${path}`, {
      method,
      headers: { ...(session ? { authorization: `Bearer ${session.accessToken}` } : {}), ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: (await response.json()) as Json };
  };

  it("delivers a signed report.created to a webhook after a user files a report", async function () {
    this.timeout(120_000);
    const created = await api(admin, "POST", "/api/v1/admin/webhooks", { url: receiver.url, events: ["report.created"] });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    assert.deepEqual([created.body.url, created.body.events, created.body.enabled], [receiver.url, ["report.created"], true]);
    assert.equal((await api(ana, "GET", "/api/v1/admin/webhooks")).status, 403);
    try {
      const filed = await api(ana, "POST", "/api/v1/reports", { account_id: ben.account.id, comment: `webhook ${suffix}`, category: "spam" });
      assert.equal(filed.status, 200, JSON.stringify(filed.body));
      const delivery = await waitFor(() => receiver.received.find((r) => (JSON.parse(r.body) as Json).object?.id === filed.body.id), { timeoutMs: 90_000, what: "the report.created delivery" });
      assert.ok(hubSignatureMatches(delivery.headers["x-hub-signature"], delivery.body, created.body.secret), "X-Hub-Signature is the HMAC of the body with the secret");
      const payload = JSON.parse(delivery.body) as Json;
      assert.deepEqual([payload.event, payload.object.comment, payload.object.target_account.id, payload.object.account.id], ["report.created", `webhook ${suffix}`, ben.account.id, ana.account.id]);
      // The delivery history (beyond Mastodon): the delivered row, once its outcome is recorded after the answer.
      const history = await waitFor(async () => ((h) => (h.body[0]?.state === "delivered" ? h : undefined))(await api(admin, "GET", `/api/v1/admin/webhooks/${created.body.id}/deliveries?limit=1`)), { timeoutMs: 30_000, what: "the delivery recorded" });
      assert.equal(history.status, 200);
      assert.deepEqual(Object.keys(history.body[0]).sort(), ["attempts", "created_at", "event", "finished_at", "id", "last_attempt_at", "last_error", "last_response_code", "next_attempt_at", "state"]);
      assert.deepEqual([history.body[0].event, history.body[0].last_response_code, history.body[0].last_error, history.body[0].next_attempt_at], ["report.created", 200, null, null]);
      assert.equal((await api(ana, "GET", `/api/v1/admin/webhooks/${created.body.id}/deliveries`)).status, 403);
      assert.equal((await api(admin, "GET", `/api/v1/admin/webhooks/${created.body.id}/deliveries?max_id=nope`)).status, 400);
    } finally {
      // The stack is shared: later suites' reports go to no stopped receiver.
      assert.equal((await api(admin, "DELETE", `/api/v1/admin/webhooks/${created.body.id}`)).status, 200);
    }
  });

  it("answers a webhook route given a hostile id (NUL, past 64 bits, negative, letters) with a 4xx JSON error, never a 5xx", async () => {
    // Already percent-encoded as a client sends them: a NUL alone and after digits, 2^64, -1, 23 digits, letters.
    const ids = ["%00", "1%00", "18446744073709551616", "-1", "99999999999999999999999", "abc", "9223372036854775807"];
    const routes = (id: string) => [
      ["GET", `/api/v1/admin/webhooks/${id}`],
      ["PUT", `/api/v1/admin/webhooks/${id}`],
      ["DELETE", `/api/v1/admin/webhooks/${id}`],
      ["POST", `/api/v1/admin/webhooks/${id}/enable`],
      ["POST", `/api/v1/admin/webhooks/${id}/disable`],
      ["POST", `/api/v1/admin/webhooks/${id}/rotate_secret`],
      ["GET", `/api/v1/admin/webhooks/${id}/deliveries`],
      ["GET", `/api/v1/admin/webhooks/1/deliveries?max_id=${id}`],
    ];
    for (const id of ids) {
      for (const [method, path] of routes(id)) {
        const answer = await api(admin, method!, path!, method === "PUT" ? { url: "https://example.com/hook" } : undefined);
        assert.ok(answer.status >= 400 && answer.status < 500, `${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
        assert.equal(typeof answer.body.error, "string", `${method} ${path}: ${JSON.stringify(answer.body)}`);
      }
    }
  });

  it("serves the privacy policy and extended description staff set, rendered from Markdown and sanitized", async () => {
    const markdown = `# Privacy ${suffix}\n\nWe keep **little**: see [this](https://example.com/p).\n\n<script>alert(1)</script>`;
    const saved = await api(admin, "PUT", "/api/v1/admin/instance", { privacy_policy: markdown, extended_description: "Knitting *only*." });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.equal(saved.body.privacy_policy, markdown);
    const policy = await api(undefined, "GET", "/api/v1/instance/privacy_policy");
    assert.equal(policy.status, 200);
    assert.match(policy.body.content, new RegExp(`<h1>Privacy ${suffix}</h1>`));
    assert.match(policy.body.content, /<strong>little<\/strong>/);
    assert.match(policy.body.content, /<a href="https:\/\/example.com\/p" rel="nofollow noopener noreferrer">this<\/a>/);
    assert.doesNotMatch(policy.body.content, /script/);
    assert.ok(!Number.isNaN(Date.parse(policy.body.updated_at)));
    assert.match((await api(undefined, "GET", "/api/v1/instance/extended_description")).body.content, /<p>Knitting <em>only<\/em>.<\/p>/);
    assert.equal((await api(ana, "PUT", "/api/v1/admin/instance", { privacy_policy: "mine" })).status, 403);
    assert.equal((await api(admin, "PUT", "/api/v1/admin/instance", { registrations_mode: "sometimes" })).status, 422);
  });

  it("shows the settings changed on the command line in the instance description", async function () {
    this.timeout(60_000);
    await stack.cli(["settings", "set", "short_description", `Yarn people ${suffix}`]);
    await stack.cli(["settings", "set", "contact_username", admin.account.username]);
    assert.match(await stack.cli(["settings", "get", "short_description"]), new RegExp(`^short_description\\t"Yarn people ${suffix}"$`, "m"));
    // The gateway keeps a copy of the settings, reloaded when moderation's announcement of the change reaches it.
    const v1 = await waitFor(async () => ((body) => (body.contact_account?.id === admin.account.id ? body : undefined))((await api(undefined, "GET", "/api/v1/instance")).body), { timeoutMs: 30_000, what: "the instance showing the settings" });
    assert.equal(v1.short_description, `Yarn people ${suffix}`);
    assert.equal(v1.contact_account?.id, admin.account.id);
    const v2 = (await api(undefined, "GET", "/api/v2/instance")).body;
    assert.deepEqual([v2.description, v2.contact.account?.id], [`Yarn people ${suffix}`, admin.account.id]);
  });
});
