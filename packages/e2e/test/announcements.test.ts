import assert from "node:assert/strict";
import { waitFor } from "@starling/testkit";
import { describeOnBothStacks } from "../src/harness/on-both-stacks.ts";
import type { Session } from "../src/harness/masto-session.ts";
import { callApi, staffSession } from "../src/harness/staff-session.ts";
import { openWebSocket } from "../src/harness/stream-clients.ts";
import { suiteSessions } from "../src/harness/suite-sessions.ts";
import type { Stack } from "../src/harness/stack.ts";

type Json = Record<string, any>;

// Issue 17's "Done means" for announcements: one scheduled a few seconds ahead appears on time
// (polled, with a generous deadline and no timing assertion), reaches an open user stream as an
// `announcement` event, and carries reactions and a read state per user.
describeOnBothStacks("announcements", (start) => {
  let stack: Stack;
  let ana: Session;
  let ben: Session;
  let admin: Session;
  const suffix = suiteSessions(start, ["ana", "ben"], async (suite) => {
    ({ stack, ana, ben } = suite);
    admin = await staffSession(stack, `herald_${suffix}`);
  });
  const api = (session: Session, method: string, path: string, body?: unknown) => callApi(stack.url, session, method, path, body);
  const listed = async (session: Session, id: string, withDismissed = false) => ((await api(session, "GET", `/api/v1/announcements${withDismissed ? "?with_dismissed=true" : ""}`)).body as Json[]).find((a) => a.id === id) as any;

  it("publishes a scheduled announcement on time to the API and to an open user stream, with reactions and dismissal per user", async function () {
    this.timeout(120_000);
    const stream = await openWebSocket(stack.url, { stream: "user", access_token: ana.accessToken });
    try {
      const text = `Maintenance tonight #ops ${suffix}`;
      const created = await api(admin, "POST", "/api/v1/admin/announcements", { text, scheduled_at: new Date(Date.now() + 3_000).toISOString() });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      assert.deepEqual([created.body.published, created.body.published_at], [false, null]);
      const id = created.body.id as string;
      assert.equal(await listed(ana, id), undefined, "not shown before it is due");

      const shown = await waitFor(() => listed(ana, id), { what: "the announcement published", timeoutMs: 60_000 });
      assert.match(shown.content, new RegExp(`<p>Maintenance tonight <a href="[^"]+/tags/ops"[^>]*>#<span>ops</span></a> ${suffix}</p>`));
      assert.deepEqual([shown.read, shown.reactions, shown.tags.map((t: Json) => t.name), shown.all_day], [false, [], ["ops"], false]);
      assert.ok(shown.published_at);
      const event = await stream.next((e) => e.event === "announcement" && JSON.parse(e.payload).id === id, "the announcement event");
      assert.equal(JSON.parse(event.payload).content, shown.content);

      assert.deepEqual(await api(ana, "PUT", `/api/v1/announcements/${id}/reactions/${encodeURIComponent("🎉")}`), { status: 200, body: {} });
      assert.deepEqual(await api(ana, "PUT", `/api/v1/announcements/${id}/reactions/${encodeURIComponent("🎉")}`), { status: 200, body: {} }, "idempotent");
      await api(ben, "PUT", `/api/v1/announcements/${id}/reactions/${encodeURIComponent("🎉")}`);
      await api(ben, "PUT", `/api/v1/announcements/${id}/reactions/${encodeURIComponent("👀")}`);
      assert.equal((await api(ben, "PUT", `/api/v1/announcements/${id}/reactions/nosuchemoji`)).status, 422);
      assert.deepEqual((await listed(ana, id)).reactions, [{ name: "🎉", count: 2, me: true }, { name: "👀", count: 1, me: false }]);
      assert.deepEqual((await listed(ben, id)).reactions, [{ name: "🎉", count: 2, me: true }, { name: "👀", count: 1, me: true }]);
      await api(ben, "DELETE", `/api/v1/announcements/${id}/reactions/${encodeURIComponent("👀")}`);
      const reaction = await stream.next((e) => e.event === "announcement.reaction" && JSON.parse(e.payload).name === "👀" && JSON.parse(e.payload).count === 0, "the reaction taken back");
      assert.deepEqual(JSON.parse(reaction.payload), { name: "👀", count: 0, announcement_id: id });

      assert.deepEqual(await api(ana, "POST", `/api/v1/announcements/${id}/dismiss`), { status: 200, body: {} });
      assert.equal(await listed(ana, id), undefined, "dismissed for ana");
      assert.equal((await listed(ana, id, true)).read, true);
      assert.equal((await listed(ben, id)).read, false, "still unread for ben");

      assert.deepEqual(await api(admin, "DELETE", `/api/v1/admin/announcements/${id}`), { status: 200, body: {} });
      const gone = await stream.next((e) => e.event === "announcement.delete" && e.payload === id, "the delete event");
      assert.equal(gone.payload, id);
      assert.equal(await listed(ben, id, true), undefined);
    } finally {
      stream.close();
    }
  });

  it("refuses announcement management to users and bad timing with 422", async () => {
    assert.equal((await api(ana, "POST", "/api/v1/admin/announcements", { text: "mine" })).status, 403);
    assert.equal((await api(ana, "GET", "/api/v1/admin/announcements")).status, 403);
    const allDay = await api(admin, "POST", "/api/v1/admin/announcements", { text: `All day ${suffix}`, all_day: true });
    assert.equal(allDay.status, 422);
    assert.equal(typeof allDay.body.error, "string");
    assert.equal((await api(admin, "POST", "/api/v1/admin/announcements", { text: "When?", scheduled_at: "soon" })).status, 422);
    assert.equal((await api(ana, "POST", "/api/v1/announcements/123/dismiss")).status, 404);
  });

  it("manages announcements from the command line: create with a range, list, delete", async function () {
    this.timeout(60_000);
    const created = await stack.cli(["announcements", "create", `Party ${suffix}`, "--starts-at", "2030-12-31T20:00:00Z", "--ends-at", "2031-01-01T02:00:00Z", "--all-day"]);
    const id = /OK \(announcement (\d+), published\)/.exec(created)?.[1];
    assert.ok(id, created);
    const shown = await listed(ben, id);
    assert.deepEqual([shown.starts_at, shown.ends_at, shown.all_day], ["2030-12-31T20:00:00.000Z", "2031-01-01T02:00:00.000Z", true]);
    assert.match(await stack.cli(["announcements", "list"]), new RegExp(`^${id}\tpublished \\S+\t2030-12-31T20:00:00.000Z..2031-01-01T02:00:00.000Z \\(all day\\)\tParty ${suffix}$`, "m"));
    await stack.cli(["announcements", "delete", id]);
    assert.equal(await listed(ben, id, true), undefined);
  });
});
