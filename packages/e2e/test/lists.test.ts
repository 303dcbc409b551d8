import assert from "node:assert/strict";
import { waitFor } from "@starling/testkit";
import { describeOnBothStacks } from "../src/harness/on-both-stacks.ts";
import { signIn, type Session } from "../src/harness/masto-session.ts";
import { suiteSessions } from "../src/harness/suite-sessions.ts";
import type { Stack } from "../src/harness/stack.ts";

/** Lists through the gateway with masto.js: CRUD, members, the list timeline and its replies policy, scopes. */
function describeLists(start: () => Promise<Stack>): void {
  let stack: Stack;
  let sessions: Record<"owner" | "member" | "other" | "stranger", Session>;
  const suffix = suiteSessions(start, ["owner", "member", "other", "stranger"], async (suite) => {
    ({ stack, ...sessions } = suite);
    await suite.owner.client.v1.accounts.$select(suite.member.account.id).follow();
    await suite.owner.client.v1.accounts.$select(suite.other.account.id).follow();
  });

  const api = async (token: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${stack.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, link: response.headers.get("link") ?? "", body: (await response.json()) as any };
  };
  const listFeed = (listId: string) => sessions.owner.client.v1.timelines.list.$select(listId).list({ limit: 40 });
  const inFeed = async (listId: string, statusId: string) => (await listFeed(listId)).some((s) => s.id === statusId);

  it("gets a member's post on the list timeline and honours the replies policy", async function () {
    this.timeout(120_000);
    const { owner, member, other } = sessions;
    const created = await api(owner.accessToken, "POST", "/api/v1/lists", { title: `Close ${suffix}` });
    assert.deepEqual([created.status, created.body.title, created.body.replies_policy], [200, `Close ${suffix}`, "list"]);
    const none = (await api(owner.accessToken, "POST", "/api/v1/lists", { title: "No replies", replies_policy: "none" })).body;
    for (const id of [created.body.id, none.id]) await owner.client.v1.lists.$select(id).accounts.create({ accountIds: [member.account.id] });
    const parent = await other.client.v1.statuses.create({ status: `a parent ${suffix}` });
    const post = await member.client.v1.statuses.create({ status: `a member's post ${suffix}` });
    const reply = await member.client.v1.statuses.create({ status: `a reply to a non-member ${suffix}`, inReplyToId: parent.id });
    await waitFor(() => inFeed(created.body.id, post.id), { timeoutMs: 60_000, what: "the member's post on the list timeline" });
    await waitFor(() => inFeed(none.id, post.id), { timeoutMs: 60_000, what: "the member's post on the `none` list" });
    // One event's handling fans out to lists and home together: once the reply is in home, the lists were decided.
    await waitFor(async () => (await owner.client.v1.timelines.home.list({ limit: 40 })).some((s) => s.id === reply.id), { timeoutMs: 60_000, what: "the reply in home" });
    const seen = (await listFeed(created.body.id)).map((s) => s.id);
    assert.ok(seen.includes(post.id) && !seen.includes(reply.id) && !seen.includes(parent.id), "a `list` list leaves out replies to non-members and non-members' posts");
    assert.ok(!(await inFeed(none.id, reply.id)));
    await owner.client.v1.lists.$select(created.body.id).accounts.create({ accountIds: [other.account.id] });
    const toMember = await member.client.v1.statuses.create({ status: `a reply to a member ${suffix}`, inReplyToId: parent.id });
    await waitFor(() => inFeed(created.body.id, toMember.id), { timeoutMs: 60_000, what: "a reply to a member on the `list` list" });
    const members = await api(owner.accessToken, "GET", `/api/v1/lists/${created.body.id}/accounts?limit=0`);
    assert.deepEqual([members.status, members.link, members.body.map((a: { id: string }) => a.id).sort()], [200, "", [member.account.id, other.account.id].sort()]);
    const holding = await api(owner.accessToken, "GET", `/api/v1/accounts/${member.account.id}/lists`);
    assert.deepEqual(holding.body.map((l: { id: string }) => l.id).sort(), [created.body.id, none.id].sort());
  });

  it("refuses an invalid replies_policy, a blank title and a non-followed account; another user's list is not found", async () => {
    const { owner, stranger } = sessions;
    assert.equal((await api(owner.accessToken, "POST", "/api/v1/lists", { title: "x", replies_policy: "everyone" })).status, 422);
    assert.equal((await api(owner.accessToken, "POST", "/api/v1/lists", { title: "" })).status, 422);
    const list = await owner.client.v1.lists.create({ title: `Strict ${suffix}` });
    assert.equal((await api(owner.accessToken, "PUT", `/api/v1/lists/${list.id}`, { replies_policy: "all" })).status, 422);
    const refused = await api(owner.accessToken, "POST", `/api/v1/lists/${list.id}/accounts`, { account_ids: [stranger.account.id] });
    assert.deepEqual([refused.status, typeof refused.body.error], [404, "string"]);
    assert.equal((await api(stranger.accessToken, "GET", `/api/v1/lists/${list.id}`)).status, 404);
    const renamed = await api(owner.accessToken, "PUT", `/api/v1/lists/${list.id}`, { title: "Renamed", replies_policy: "followed" });
    assert.deepEqual([renamed.body.title, renamed.body.replies_policy], ["Renamed", "followed"]);
    assert.deepEqual((await api(owner.accessToken, "DELETE", `/api/v1/lists/${list.id}`)).body, {});
    assert.equal((await api(owner.accessToken, "GET", `/api/v1/timelines/list/${list.id}`)).status, 404);
  });

  // signIn reads verify_credentials, hence read:accounts in both tokens.
  it("enforces read:lists and write:lists", async () => {
    const email = `scoped_${suffix}@example.com`;
    const password = await stack.createAccount(`scoped_${suffix}`, email);
    const readOnly = await signIn(stack.url, email, password, "read:accounts read:lists");
    const statusesOnly = await signIn(stack.url, email, password, "read:accounts read:statuses write:statuses");
    assert.equal((await api(readOnly.accessToken, "GET", "/api/v1/lists")).status, 200);
    assert.equal((await api(readOnly.accessToken, "POST", "/api/v1/lists", { title: "no" })).status, 403);
    assert.equal((await api(statusesOnly.accessToken, "GET", "/api/v1/lists")).status, 403);
    assert.equal((await api(statusesOnly.accessToken, "POST", "/api/v1/lists", { title: "no" })).status, 403);
  });
}

describeOnBothStacks("lists", describeLists);
