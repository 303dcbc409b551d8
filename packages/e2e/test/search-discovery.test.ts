import assert from "node:assert/strict";
import { waitFor } from "@starling/testkit";
import { describeOnBothStacks } from "../src/harness/on-both-stacks.ts";
import { signIn, type Session } from "../src/harness/masto-session.ts";
import { suiteSessions } from "../src/harness/suite-sessions.ts";
import type { Stack } from "../src/harness/stack.ts";

type Json = Record<string, any>;

// Issue 18's search, directory and suggestions "Done means", through the gateway on the real services.
describeOnBothStacks("search, directory and suggestions", (start) => {
  let stack: Stack;
  let alice: Session;
  let bob: Session;
  let carol: Session;
  let dave: Session;
  let admin: Session;
  const suffix = suiteSessions(start, ["alice", "bob", "carol", "dave"], async (suite) => {
    ({ stack, alice, bob, carol, dave } = suite);
    const email = `curator_${suffix}@example.com`;
    const password = await stack.createAccount(`curator_${suffix}`, email, ["--role", "Admin"]);
    admin = await signIn(stack.url, email, password, "read write follow admin:read admin:write");
  });

  const api = async (session: Session | undefined, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${stack.url}${path}`, {
      method,
      headers: { ...(session ? { authorization: `Bearer ${session.accessToken}` } : {}), ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, contentType: response.headers.get("content-type") ?? "", body: (await response.json()) as Json };
  };
  const search = (session: Session, query: string) => api(session, "GET", `/api/v2/search?${new URLSearchParams({ q: query })}`);

  it("finds only alice's post with the word when the query says from:alice", async function () {
    this.timeout(60_000);
    const word = `quokka${suffix}`;
    assert.equal((await api(alice, "PATCH", "/api/v1/accounts/update_credentials", { indexable: true })).body.indexable, true);
    const mine = (await api(alice, "POST", "/api/v1/statuses", { status: `A ${word} smiled`, visibility: "public" })).body;
    await api(alice, "POST", "/api/v1/statuses", { status: "nothing to see", visibility: "public" });
    await api(bob, "POST", "/api/v1/statuses", { status: `My own ${word} too`, visibility: "public" });
    const found = await waitFor(
      async () => {
        const { body } = await search(bob, `from:${alice.account.username} ${word}`);
        return body.statuses.length > 0 && body;
      },
      { timeoutMs: 30_000, what: "alice's post in the search" },
    );
    assert.deepEqual(found.statuses.map((s: Json) => s.id), [mine.id]);
    assert.equal(found.statuses[0].account.id, alice.account.id);
    // Bob finds his own post by the word too, and Carol only Alice's (Bob did not opt in).
    await waitFor(async () => (await search(bob, word)).body.statuses.length === 2, { timeoutMs: 30_000, what: "both posts for bob" });
    assert.deepEqual((await search(carol, word)).body.statuses.map((s: Json) => s.id), [mine.id]);
  });

  it("leaves out of accounts and statuses what the viewer blocked or muted, and pages statuses by min_id", async function () {
    this.timeout(60_000);
    const word = `numbat${suffix}`;
    const first = (await api(alice, "POST", "/api/v1/statuses", { status: `One ${word}`, visibility: "public" })).body;
    const second = (await api(alice, "POST", "/api/v1/statuses", { status: `Two ${word}`, visibility: "public" })).body;
    await api(alice, "POST", "/api/v1/statuses", { status: `Three ${word}`, visibility: "public" });
    const ids = async (session: Session, query: string) => (await search(session, query)).body.statuses.map((s: Json) => s.id);
    await waitFor(async () => (await ids(dave, word)).length === 3, { timeoutMs: 30_000, what: "alice's posts found by dave" });
    const page = await api(dave, "GET", `/api/v2/search?${new URLSearchParams({ q: word, type: "statuses", limit: "1", min_id: first.id })}`);
    assert.deepEqual(page.body.statuses.map((s: Json) => s.id), [second.id], "the match immediately above min_id");
    const accountIds = async () => (await api(dave, "GET", `/api/v1/accounts/search?${new URLSearchParams({ q: alice.account.username })}`)).body.map((a: Json) => a.id);
    assert.ok((await accountIds()).includes(alice.account.id));
    await api(dave, "POST", `/api/v1/accounts/${alice.account.id}/mute`);
    await waitFor(async () => (await ids(dave, word)).length === 0, { timeoutMs: 30_000, what: "muted alice's posts gone from dave's search" });
    assert.ok(!(await accountIds()).includes(alice.account.id), "nor her account");
    await api(dave, "POST", `/api/v1/accounts/${alice.account.id}/unmute`);
    await waitFor(async () => (await ids(dave, word)).length === 3, { timeoutMs: 30_000, what: "alice's posts back once unmuted" });
    await api(dave, "POST", `/api/v1/accounts/${alice.account.id}/block`);
    await waitFor(async () => (await ids(dave, word)).length === 0, { timeoutMs: 30_000, what: "blocked alice's posts gone" });
    assert.ok(!(await accountIds()).includes(alice.account.id));
    await api(dave, "POST", `/api/v1/accounts/${alice.account.id}/unblock`);
  });

  it("finds a hashtag as a Tag with its history", async function () {
    this.timeout(60_000);
    const tag = `wombat${suffix}`;
    await api(carol, "POST", "/api/v1/statuses", { status: `Hello #${tag}`, visibility: "public" });
    // The name comes from trends' index and the history from timelines: two consumers of the post, either may be first.
    const { body } = await waitFor(async () => {
      const answer = await api(carol, "GET", `/api/v2/search?${new URLSearchParams({ q: `#${tag}`, type: "hashtags" })}`);
      return answer.body.hashtags[0]?.history?.[0]?.uses === "1" && answer;
    }, { timeoutMs: 30_000, what: "the hashtag and its use in the search" });
    const [found] = body.hashtags;
    assert.equal(found.name, tag);
    assert.match(found.url, new RegExp(`/tags/${tag}$`));
    assert.equal(found.history.length, 7);
    assert.equal(found.history[0].uses, "1");
    assert.equal(found.following, false);
  });

  it("answers a malformed query with a 422 JSON error", async () => {
    const answer = await search(carol, "has:video cats");
    assert.equal(answer.status, 422);
    assert.match(answer.contentType, /application\/json/);
    assert.match(answer.body.error, /has: takes media, poll, link/);
    assert.equal((await search(carol, `"unclosed phrase`)).status, 422);
  });

  it("lists a discoverable account in the directory and not a suspended one", async function () {
    this.timeout(60_000);
    await api(carol, "PATCH", "/api/v1/accounts/update_credentials", { discoverable: true });
    await api(dave, "PATCH", "/api/v1/accounts/update_credentials", { discoverable: true });
    const listed = async () => (await api(undefined, "GET", "/api/v1/directory?local=true&order=new&limit=80")).body.map((a: Json) => a.id);
    await waitFor(async () => (await listed()).includes(dave.account.id), { timeoutMs: 30_000, what: "dave in the directory" });
    assert.equal((await api(admin, "POST", `/api/v1/admin/accounts/${dave.account.id}/action`, { type: "suspend" })).status, 200);
    await waitFor(async () => !(await listed()).includes(dave.account.id), { timeoutMs: 30_000, what: "dave out of the directory" });
    assert.ok((await listed()).includes(carol.account.id));
    assert.equal((await api(undefined, "GET", "/api/v1/directory?order=popular")).status, 422);
  });

  it("suggests a staff pick to a new account, and not once dismissed", async function () {
    this.timeout(60_000);
    assert.equal((await api(carol, "POST", `/api/v1/admin/suggestions/${alice.account.id}`)).status, 403);
    const picked = await api(admin, "POST", `/api/v1/admin/suggestions/${alice.account.id}`);
    assert.ok(picked.body.some((a: Json) => a.id === alice.account.id));
    const email = `newbie_${suffix}@example.com`;
    const newbie = await signIn(stack.url, email, await stack.createAccount(`newbie_${suffix}`, email));
    const v2 = (await api(newbie, "GET", "/api/v2/suggestions")).body;
    assert.deepEqual(v2.find((s: Json) => s.account.id === alice.account.id)?.source, "staff");
    assert.ok((await api(newbie, "GET", "/api/v1/suggestions")).body.some((a: Json) => a.id === alice.account.id));
    assert.equal((await api(newbie, "DELETE", `/api/v1/suggestions/${alice.account.id}`)).status, 200);
    assert.ok(!(await api(newbie, "GET", "/api/v2/suggestions")).body.some((s: Json) => s.account.id === alice.account.id));
    await api(admin, "DELETE", `/api/v1/admin/suggestions/${alice.account.id}`);
  });

  it("lets an operator pick, list and unpick accounts with `starling suggestions`", async function () {
    this.timeout(120_000);
    assert.match(await stack.cli(["suggestions", "add", bob.account.username]), new RegExp(`${bob.account.id}\t${bob.account.username}\nOK`));
    assert.ok((await api(admin, "GET", "/api/v1/admin/suggestions")).body.some((a: Json) => a.id === bob.account.id));
    assert.match(await stack.cli(["suggestions", "list"]), new RegExp(`${bob.account.id}\t${bob.account.username}`));
    assert.doesNotMatch(await stack.cli(["suggestions", "remove", bob.account.username]), new RegExp(bob.account.id));
  });
});
