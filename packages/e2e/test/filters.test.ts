import assert from "node:assert/strict";
import { waitFor } from "@starling/testkit";
import { describeOnBothStacks } from "../src/harness/on-both-stacks.ts";
import { signIn, type Session } from "../src/harness/masto-session.ts";
import { openWebSocket } from "../src/harness/stream-clients.ts";
import { suiteSessions } from "../src/harness/suite-sessions.ts";
import type { Stack } from "../src/harness/stack.ts";

type Json = any;
const idsOf = (list: { id: string }[]) => list.map((s) => s.id);

/** Filters applied by the server (v1 and v2 routes, warn and hide) through the gateway. */
function describeFilters(start: () => Promise<Stack>): void {
  let stack: Stack;
  let sessions: Record<"ana" | "ben" | "cy", Session>;
  const suffix = suiteSessions(start, ["ana", "ben", "cy"], async (suite) => {
    ({ stack, ...sessions } = suite);
    await suite.ben.client.v1.accounts.$select(suite.ana.account.id).follow();
    const warmUp = await suite.ana.client.v1.statuses.create({ status: "before the filters" });
    await waitFor(async () => (await suite.ben.client.v1.timelines.home.list({ limit: 5 })).some((s) => s.id === warmUp.id), { timeoutMs: 60_000, what: "ana's post on ben's home" });
  });

  const api = async (token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> => {
    const response = await fetch(`${stack.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: await response.json() };
  };
  const ben = (method: string, path: string, body?: unknown) => api(sessions.ben.accessToken, method, path, body);
  const home = async () => (await ben("GET", "/api/v1/timelines/home?limit=40")).body as Json[];
  const mentions = async () => ((await ben("GET", "/api/v1/notifications?types[]=mention&limit=40")).body as Json[]).map((n) => n.status);

  it("round-trips the v2 routes, with keywords created, edited and deleted in one request, and emits one filters_changed a change", async function () {
    this.timeout(120_000);
    const stream = await openWebSocket(stack.url, { stream: "user", access_token: sessions.ben.accessToken });
    const created = await ben("POST", "/api/v2/filters", { title: "Spoilers", context: ["home", "public"], filter_action: "warn", keywords_attributes: [{ keyword: "finale", whole_word: true }, { keyword: "twist", whole_word: false }] });
    assert.equal(created.status, 200);
    assert.deepEqual([created.body.title, created.body.context, created.body.filter_action, created.body.expires_at], ["Spoilers", ["home", "public"], "warn", null]);
    const [finale, twist] = created.body.keywords;
    assert.deepEqual([finale.keyword, finale.whole_word, twist.keyword, twist.whole_word], ["finale", true, "twist", false]);
    await stream.next((e) => e.event === "filters_changed", "filters_changed after the create");

    const updated = await ben("PUT", `/api/v2/filters/${created.body.id}`, {
      title: "Show spoilers",
      filter_action: "hide",
      expires_in: 3600,
      keywords_attributes: [{ id: finale.id, keyword: "season finale" }, { id: twist.id, _destroy: true }, { keyword: "ending", whole_word: false }],
    });
    assert.equal(updated.status, 200);
    assert.deepEqual(updated.body.keywords.map((k: Json) => [k.keyword, k.whole_word]), [["season finale", true], ["ending", false]]);
    assert.deepEqual([updated.body.title, updated.body.filter_action, typeof updated.body.expires_at], ["Show spoilers", "hide", "string"]);
    assert.deepEqual((await ben("GET", `/api/v2/filters/${created.body.id}`)).body, updated.body);
    assert.ok(((await ben("GET", "/api/v2/filters")).body as Json[]).some((f) => f.id === created.body.id));
    // A later, separate change: once its event is on the stream, every event of the update before it is too (one key, in order).
    const other = await ben("POST", "/api/v2/filters", { title: "Other", context: ["thread"], keywords_attributes: [{ keyword: "other" }] });
    await waitFor(() => stream.events.filter((e) => e.event === "filters_changed").length >= 3, { timeoutMs: 60_000, what: "filters_changed of the update and the next create" });
    assert.equal(stream.events.filter((e) => e.event === "filters_changed").length, 3, "the update that touched three keywords emitted one filters_changed");
    stream.close();

    const keyword = await ben("POST", `/api/v2/filters/${other.body.id}/keywords`, { keyword: "more", whole_word: false });
    assert.deepEqual([keyword.status, keyword.body.keyword, keyword.body.whole_word], [200, "more", false]);
    assert.deepEqual(((await ben("GET", `/api/v2/filters/${other.body.id}/keywords`)).body as Json[]).map((k) => k.keyword), ["other", "more"]);
    assert.deepEqual((await ben("PUT", `/api/v2/filters/keywords/${keyword.body.id}`, { keyword: "most" })).body, { id: keyword.body.id, keyword: "most", whole_word: false });
    assert.equal((await ben("GET", `/api/v2/filters/keywords/${keyword.body.id}`)).body.keyword, "most");
    assert.deepEqual((await ben("DELETE", `/api/v2/filters/keywords/${keyword.body.id}`)).body, {});
    assert.equal((await ben("GET", `/api/v2/filters/keywords/${keyword.body.id}`)).status, 404);

    const post = await sessions.ana.client.v1.statuses.create({ status: `a post to filter ${suffix}` });
    const filtered = await ben("POST", `/api/v2/filters/${other.body.id}/statuses`, { status_id: post.id });
    assert.deepEqual([filtered.status, filtered.body.status_id], [200, post.id]);
    assert.deepEqual((await ben("GET", `/api/v2/filters/statuses/${filtered.body.id}`)).body, filtered.body);
    assert.deepEqual((await ben("GET", `/api/v2/filters/${other.body.id}/statuses`)).body, [filtered.body]);
    assert.equal((await ben("POST", `/api/v2/filters/${other.body.id}/statuses`, { status_id: post.id })).status, 422);
    assert.deepEqual((await ben("DELETE", `/api/v2/filters/statuses/${filtered.body.id}`)).body, {});
    assert.deepEqual((await ben("DELETE", `/api/v2/filters/${other.body.id}`)).body, {});
    assert.equal((await ben("GET", `/api/v2/filters/${other.body.id}`)).status, 404);
  });

  it("serves v1 filters as one per keyword, with irreversible as the hide action", async () => {
    const created = await ben("POST", "/api/v1/filters", { phrase: "durian", context: ["home", "notifications"], irreversible: true, expires_in: 600 });
    assert.deepEqual([created.status, created.body.phrase, created.body.context, created.body.irreversible, created.body.whole_word, typeof created.body.expires_at], [200, "durian", ["home", "notifications"], true, true, "string"]);
    assert.ok(((await ben("GET", "/api/v1/filters")).body as Json[]).some((f) => f.id === created.body.id && f.phrase === "durian"));
    const changed = await ben("PUT", `/api/v1/filters/${created.body.id}`, { phrase: "durians", irreversible: false, expires_in: "" });
    assert.deepEqual([changed.body.phrase, changed.body.irreversible, changed.body.expires_at], ["durians", false, null]);
    assert.deepEqual((await ben("GET", `/api/v1/filters/${created.body.id}`)).body, changed.body);
    assert.deepEqual((await ben("DELETE", `/api/v1/filters/${created.body.id}`)).body, {});
    assert.equal((await ben("GET", `/api/v1/filters/${created.body.id}`)).status, 404);
  });

  it("refuses bad input with a 422, hides other users' filters and enforces read:filters and write:filters", async () => {
    assert.equal((await ben("POST", "/api/v2/filters", { title: "x", context: ["home"], filter_action: "nuke" })).status, 422);
    assert.equal((await ben("POST", "/api/v2/filters", { title: "x", context: ["nowhere"] })).status, 422);
    assert.equal((await ben("POST", "/api/v2/filters", { title: "", context: ["home"] })).status, 422);
    assert.equal((await ben("POST", "/api/v2/filters", { title: "x", context: ["home"], keywords_attributes: [{ keyword: " " }] })).status, 422);
    const mine = (await ben("POST", "/api/v2/filters", { title: "Mine", context: ["home"] })).body;
    assert.equal((await api(sessions.cy.accessToken, "GET", `/api/v2/filters/${mine.id}`)).status, 404);
    assert.equal((await api(sessions.cy.accessToken, "DELETE", `/api/v2/filters/${mine.id}`)).status, 404);
    const email = `filterscope_${suffix}@example.com`;
    const password = await stack.createAccount(`filterscope_${suffix}`, email);
    const readOnly = await signIn(stack.url, email, password, "read:accounts read:filters");
    assert.equal((await api(readOnly.accessToken, "GET", "/api/v2/filters")).status, 200);
    assert.equal((await api(readOnly.accessToken, "POST", "/api/v2/filters", { title: "no", context: ["home"] })).status, 403);
    const statusesOnly = await signIn(stack.url, email, password, "read:accounts read:statuses");
    assert.equal((await api(statusesOnly.accessToken, "GET", "/api/v1/filters")).status, 403);
    await ben("DELETE", `/api/v2/filters/${mine.id}`);
  });

  it("marks a status a warn filter matches and leaves out one a hide filter matches, on home, in the thread, in notifications and on a stream", async function () {
    this.timeout(180_000);
    const { ana } = sessions;
    const contexts = ["home", "notifications", "thread", "public"];
    const warn = (await ben("POST", "/api/v2/filters", { title: "Flowers", context: contexts, filter_action: "warn", keywords_attributes: [{ keyword: `sunflower${suffix}`, whole_word: true }] })).body;
    const hide = (await ben("POST", "/api/v2/filters", { title: "Fruit", context: contexts, filter_action: "hide", keywords_attributes: [{ keyword: `durian${suffix}`, whole_word: true }] })).body;
    // The filters reach the statuses service as an event: a probe post shows when they apply.
    const probe = await ana.client.v1.statuses.create({ status: `a probe: sunflower${suffix}` });
    await waitFor(async () => (await home()).find((s) => s.id === probe.id)?.filtered?.length === 1, { timeoutMs: 60_000, what: "the warn filter applied on home" });
    const word = await ana.client.v1.statuses.create({ status: `not whole words: sunflower${suffix}s` });

    const stream = await openWebSocket(stack.url, { stream: "user", access_token: sessions.ben.accessToken });
    const root = await ana.client.v1.statuses.create({ status: `a thread ${suffix}` });
    const hidden = await ana.client.v1.statuses.create({ status: `@${sessions.ben.account.acct} DURIAN${suffix} again`, inReplyToId: root.id });
    const marked = await ana.client.v1.statuses.create({ status: `@${sessions.ben.account.acct} look, a Sunflower${suffix}!`, inReplyToId: root.id });

    const onStream = JSON.parse((await stream.next((e) => e.event === "update" && JSON.parse(e.payload).id === marked.id, "the marked reply on ben's user stream")).payload);
    assert.deepEqual(onStream.filtered.map((r: Json) => [r.filter.id, r.filter.filter_action, r.keyword_matches]), [[warn.id, "warn", [`Sunflower${suffix}`]]]);
    assert.equal(onStream.filtered[0].filter.keywords, undefined, "a FilterResult's filter has no keywords");
    const notified = await stream.next((e) => e.event === "notification" && JSON.parse(e.payload).status?.id === marked.id, "the mention of the marked reply on ben's stream");
    assert.equal(JSON.parse(notified.payload).status.filtered[0].filter.id, warn.id);

    await waitFor(async () => ((ids) => ids.includes(marked.id) && ids.includes(word.id))(idsOf(await home())), { timeoutMs: 60_000, what: "the marked reply and the longer word on home" });
    const feed = await home();
    assert.equal(feed.find((s) => s.id === marked.id).filtered[0].filter.id, warn.id);
    assert.deepEqual(feed.find((s) => s.id === word.id).filtered, [], "whole-word filters leave longer words alone");
    assert.ok(!idsOf(feed).includes(hidden.id), "the hidden reply is not on home");
    await waitFor(async () => idsOf((await mentions()) as Json[]).includes(marked.id), { timeoutMs: 60_000, what: "the mention of the marked reply" });
    assert.ok(!idsOf(await mentions()).includes(hidden.id), "the hidden reply's mention is left out");
    const thread = (await ben("GET", `/api/v1/statuses/${root.id}/context`)).body;
    assert.deepEqual(idsOf(thread.descendants), [marked.id]);
    assert.equal(thread.descendants[0].filtered[0].filter.id, warn.id);
    assert.ok(!stream.events.some((e) => e.event === "update" && JSON.parse(e.payload).id === hidden.id), "the hidden reply was not streamed");
    // Shown alone (no context), the hidden reply carries its hide filter for the client to apply, as Mastodon's `filtered`.
    assert.equal((await ben("GET", `/api/v1/statuses/${hidden.id}`)).body.filtered[0].filter.filter_action, "hide");
    stream.close();

    // Without the hide filter the reply is back everywhere: it was left out by the filter, not lost.
    await ben("DELETE", `/api/v2/filters/${hide.id}`);
    await waitFor(async () => idsOf(await home()).includes(hidden.id), { timeoutMs: 60_000, what: "the reply back on home" });
    assert.ok(idsOf(await mentions()).includes(hidden.id));
    assert.deepEqual(idsOf((await ben("GET", `/api/v1/statuses/${root.id}/context`)).body.descendants).sort(), [hidden.id, marked.id].sort());
  });

  it("stops applying a filter once it has expired", async function () {
    this.timeout(120_000);
    const expiring = (await ben("POST", "/api/v2/filters", { title: "Brief", context: ["home"], filter_action: "hide", expires_in: 2, keywords_attributes: [{ keyword: `brief${suffix}` }] })).body;
    const post = await sessions.ana.client.v1.statuses.create({ status: `brief${suffix} and gone` });
    const marker = await sessions.ana.client.v1.statuses.create({ status: `after brief ${suffix}` });
    await waitFor(async () => idsOf(await home()).includes(marker.id), { timeoutMs: 60_000, what: "the marker on home" });
    // Hidden until the expiry passes, then shown with no filter at all.
    await waitFor(async () => (await home()).find((s) => s.id === post.id)?.filtered.length === 0, { timeoutMs: 60_000, what: "the post shown once the filter expired" });
    await ben("DELETE", `/api/v2/filters/${expiring.id}`);
  });
}

describeOnBothStacks("filters", describeFilters);
