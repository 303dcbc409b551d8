import assert from "node:assert/strict";
import { waitFor } from "@starling/testkit";
import { describeOnBothStacks } from "../src/harness/on-both-stacks.ts";
import type { Session } from "../src/harness/masto-session.ts";
import { suiteSessions } from "../src/harness/suite-sessions.ts";
import { png } from "../src/harness/media-files.ts";
import type { Stack } from "../src/harness/stack.ts";

type Answer = { status: number; body: any; link: string | null };

// The running stacks have a real clock, so they wait 2 s instead of Mastodon's 5 minutes and run
// the scheduler every 200 ms; the 5-minute rule itself is covered by the statuses service test
// (test/scheduled-statuses.test.ts there) with an injected clock.
const MIN_LEAD_MS = 2_000;
const TEST_ENV = { SCHEDULED_STATUSES_MIN_LEAD_MS: String(MIN_LEAD_MS), SCHEDULED_STATUSES_INTERVAL_MS: "200" };
const DAY = 24 * 60 * 60_000;

/** Scheduled statuses through the gateway: schedule, list, reschedule, cancel, and posting on time. */
function describeScheduledStatuses(start: () => Promise<Stack>): void {
  let stack: Stack;
  let alice: Session;
  let bob: Session;
  const suffix = suiteSessions(start, ["alice", "bob"], (suite) => ({ stack, alice, bob } = suite));

  const call = async (who: Session, method: string, path: string, body?: unknown): Promise<Answer> => {
    const headers: Record<string, string> = { authorization: `Bearer ${who.accessToken}`, ...(body ? { "content-type": "application/json" } : {}) };
    const res = await fetch(`${stack.url}${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
    return { status: res.status, body: await res.json(), link: res.headers.get("link") };
  };
  const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

  it("answers a ScheduledStatus for scheduled_at, lists it with a Link header, reschedules and cancels it", async function () {
    this.timeout(60_000);
    const at = inMs(DAY);
    const created = await call(alice, "POST", "/api/v1/statuses", { status: "Tomorrow's news", visibility: "unlisted", scheduled_at: at, poll: { options: ["yes", "no"], expires_in: 3600 } });
    assert.equal(created.status, 200);
    assert.deepEqual(Object.keys(created.body).sort(), ["id", "media_attachments", "params", "scheduled_at"]);
    assert.equal(created.body.scheduled_at, at);
    assert.deepEqual(
      [created.body.params.text, created.body.params.visibility, created.body.params.poll, created.body.params.media_ids, created.body.params.in_reply_to_id, created.body.media_attachments],
      ["Tomorrow's news", "unlisted", { options: ["yes", "no"], expires_in: 3600, multiple: false, hide_totals: false }, null, null, []],
    );
    const second = await call(alice, "POST", "/api/v1/statuses", { status: "Later still", scheduled_at: inMs(2 * DAY) });
    const page = await call(alice, "GET", "/api/v1/scheduled_statuses?limit=1");
    assert.deepEqual([page.status, page.body.map((s: { id: string }) => s.id)], [200, [second.body.id]]);
    assert.match(page.link ?? "", new RegExp(`max_id=${second.body.id}.*rel="next"`));
    assert.deepEqual((await call(bob, "GET", "/api/v1/scheduled_statuses")).body, [], "nobody else sees them");
    assert.equal((await call(bob, "GET", `/api/v1/scheduled_statuses/${created.body.id}`)).status, 404);

    const newTime = inMs(3 * DAY);
    const moved = await call(alice, "PUT", `/api/v1/scheduled_statuses/${created.body.id}`, { scheduled_at: newTime });
    assert.deepEqual([moved.status, moved.body.scheduled_at], [200, newTime]);
    assert.equal((await call(alice, "GET", `/api/v1/scheduled_statuses/${created.body.id}`)).body.scheduled_at, newTime);
    const tooSoon = await call(alice, "PUT", `/api/v1/scheduled_statuses/${created.body.id}`, { scheduled_at: inMs(0) });
    assert.deepEqual([tooSoon.status, tooSoon.body], [422, { error: "Validation failed: Scheduled at The scheduled date must be in the future" }]);
    const garbage = await call(alice, "PUT", `/api/v1/scheduled_statuses/${created.body.id}`, { scheduled_at: "next tuesday" });
    assert.equal(garbage.status, 422);
    assert.equal(typeof garbage.body.error, "string");

    assert.deepEqual(await call(alice, "DELETE", `/api/v1/scheduled_statuses/${created.body.id}`), { status: 200, body: {}, link: null });
    assert.equal((await call(alice, "GET", `/api/v1/scheduled_statuses/${created.body.id}`)).status, 404);
    assert.deepEqual((await call(alice, "GET", "/api/v1/scheduled_statuses")).body.map((s: { id: string }) => s.id), [second.body.id]);
    await call(alice, "DELETE", `/api/v1/scheduled_statuses/${second.body.id}`);
  });

  it("refuses an invalid scheduled status with 422 JSON and stores nothing", async function () {
    this.timeout(60_000);
    const tooLong = await call(alice, "POST", "/api/v1/statuses", { status: "x".repeat(501), scheduled_at: inMs(DAY) });
    assert.deepEqual([tooLong.status, tooLong.body], [422, { error: "Validation failed: Text character limit of 500 exceeded" }]);
    const badTime = await call(alice, "POST", "/api/v1/statuses", { status: "when?", scheduled_at: "soon" });
    assert.equal(badTime.status, 422);
    assert.deepEqual((await call(alice, "GET", "/api/v1/scheduled_statuses")).body, []);
  });

  it("posts the scheduled status with its media when its time passes, and it appears on the home timeline of a follower", async function () {
    this.timeout(60_000);
    await bob.client.v1.accounts.$select(alice.account.id).follow();
    const media = await alice.client.v1.media.create({ file: new Blob([new Uint8Array(await png(16, 16))], { type: "image/png" }), description: "a square" });
    const text = `scheduled-${suffix}`;
    const scheduled = await alice.client.v1.statuses.create({ status: text, mediaIds: [media.id], scheduledAt: inMs(MIN_LEAD_MS + 1_500) });
    assert.ok("params" in scheduled, "a ScheduledStatus, not a Status");
    assert.deepEqual(scheduled.mediaAttachments.map((m) => [m.id, m.description]), [[media.id, "a square"]]);
    const onTimeline = await waitFor(
      async () => (await bob.client.v1.timelines.home.list({ limit: 20 })).find((s) => s.content.includes(text)),
      { what: "the scheduled status on bob's home timeline", timeoutMs: 30_000 },
    );
    assert.deepEqual(onTimeline.mediaAttachments.map((m) => m.id), [media.id]);
    assert.equal(onTimeline.account.id, alice.account.id);
    assert.equal((await call(alice, "GET", `/api/v1/scheduled_statuses/${scheduled.id}`)).status, 404, "posted once, then gone");
    const own = await alice.client.v1.accounts.$select(alice.account.id).statuses.list({ limit: 40 });
    assert.equal(own.filter((s) => s.content.includes(text)).length, 1);
  });

  it("posts at once, answering a Status, when scheduled_at is not far enough ahead", async function () {
    this.timeout(60_000);
    const posted = await call(alice, "POST", "/api/v1/statuses", { status: `now-${suffix}`, scheduled_at: inMs(500) });
    assert.equal(posted.status, 200);
    assert.ok(posted.body.content.includes(`now-${suffix}`));
    assert.equal(posted.body.account.id, alice.account.id);
  });
}

describeOnBothStacks("scheduled statuses", describeScheduledStatuses, { env: TEST_ENV });
