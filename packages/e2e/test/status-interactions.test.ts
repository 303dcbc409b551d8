import assert from "node:assert/strict";
import { waitFor } from "@starling/testkit";
import { describeOnBothStacks } from "../src/harness/on-both-stacks.ts";
import { newSession, type Session } from "../src/harness/masto-session.ts";
import { suiteSessions } from "../src/harness/suite-sessions.ts";
import type { Stack } from "../src/harness/stack.ts";

/**
 * Reblogs, favourites, bookmarks, pins and conversation mutes through the gateway with masto.js:
 * home feeds, the per-user lists with their Link headers, the viewer fields, and the refusals.
 */
function describeInteractions(start: () => Promise<Stack>): void {
  let stack: Stack;
  let alice: Session;
  let bob: Session;
  let carol: Session;
  const suffix = suiteSessions(start, ["alice", "bob", "carol"], async (suite) => {
    ({ stack, alice, bob, carol } = suite);
    await carol.client.v1.accounts.$select(bob.account.id).follow();
  });

  const call = async (who: Session | undefined, method: string, path: string) => {
    const res = await fetch(`${stack.url}${path}`, { method, headers: who ? { authorization: `Bearer ${who.accessToken}` } : {} });
    return { status: res.status, link: res.headers.get("link") ?? "", body: (await res.json()) as any };
  };
  const carolsHome = async () => (await carol.client.v1.timelines.home.list({ limit: 40 })).map((s) => [s.id, s.reblog?.id ?? null]);

  it("puts a reblog into a follower's home timeline with the original nested, and unreblog takes it out", async function () {
    this.timeout(90_000);
    const original = await alice.client.v1.statuses.create({ status: `worth sharing ${suffix}` });
    const reblog = await bob.client.v1.statuses.$select(original.id).reblog();
    assert.equal(reblog.reblog?.id, original.id);
    assert.equal(reblog.reblog?.reblogsCount, 1);
    assert.equal(reblog.reblog?.reblogged, true);
    assert.equal(reblog.reblog?.account.id, alice.account.id);
    assert.equal(reblog.account.id, bob.account.id);
    assert.equal((await bob.client.v1.statuses.$select(original.id).reblog()).id, reblog.id, "a second reblog returns the first");
    await waitFor(async () => (await carolsHome()).some(([id]) => id === reblog.id), { timeoutMs: 60_000, what: "the reblog in carol's home" });
    assert.deepEqual((await carolsHome()).find(([id]) => id === reblog.id), [reblog.id, original.id]);
    const rebloggers = await alice.client.v1.statuses.$select(original.id).rebloggedBy.list();
    assert.deepEqual(rebloggers.map((a) => a.id), [bob.account.id]);
    const undone = await bob.client.v1.statuses.$select(original.id).unreblog();
    assert.deepEqual([undone.id, undone.reblogged, undone.reblogsCount], [original.id, false, 0]);
    await waitFor(async () => !(await carolsHome()).some(([id]) => id === reblog.id), { timeoutMs: 60_000, what: "the reblog leaving carol's home" });
  });

  it("lists favourites and bookmarks newest first, paged by their own ids through the Link header", async function () {
    this.timeout(60_000);
    const posts = [];
    for (let i = 0; i < 3; i++) posts.push(await alice.client.v1.statuses.create({ status: `listed ${i} ${suffix}` }));
    for (const post of [posts[1]!, posts[0]!, posts[2]!]) {
      await bob.client.v1.statuses.$select(post.id).favourite();
      await bob.client.v1.statuses.$select(post.id).bookmark();
    }
    for (const list of ["favourites", "bookmarks"]) {
      const first = await call(bob, "GET", `/api/v1/${list}?limit=2`);
      assert.equal(first.status, 200);
      assert.deepEqual(first.body.map((s: { id: string }) => s.id), [posts[2]!.id, posts[0]!.id]);
      const next = /<([^>]+)>; rel="next"/.exec(first.link)?.[1];
      assert.ok(next && /max_id=\d+/.test(next) && !next.includes(`max_id=${posts[0]!.id}`), `${list}: next links by record id, not status id`);
      assert.match(first.link, /min_id=\d+[^>]*>; rel="prev"/);
      const second = await call(bob, "GET", next.slice(stack.url.length));
      assert.deepEqual(second.body.map((s: { id: string }) => s.id), [posts[1]!.id]);
    }
    const fetched = await bob.client.v1.statuses.$select(posts[0]!.id).fetch();
    assert.deepEqual([fetched.favourited, fetched.bookmarked, fetched.reblogged, fetched.muted, fetched.favouritesCount], [true, true, false, false, 1]);
    assert.equal((await alice.client.v1.statuses.$select(posts[0]!.id).fetch()).favourited, false, "viewer fields are the viewer's own");
    const favouriters = await alice.client.v1.statuses.$select(posts[0]!.id).favouritedBy.list();
    assert.deepEqual(favouriters.map((a) => a.id), [bob.account.id]);
    const unfavourited = await bob.client.v1.statuses.$select(posts[0]!.id).unfavourite();
    assert.deepEqual([unfavourited.favourited, unfavourited.favouritesCount], [false, 0]);
  });

  it("pins five statuses, refuses a sixth with 422, and shows a pinned private post as pinned to its author", async function () {
    this.timeout(60_000);
    const own = [await carol.client.v1.statuses.create({ status: `private ${suffix}`, visibility: "private" })];
    for (let i = 0; i < 5; i++) own.push(await carol.client.v1.statuses.create({ status: `pin ${i} ${suffix}` }));
    for (const post of own.slice(0, 5)) assert.equal((await carol.client.v1.statuses.$select(post.id).pin()).pinned, true);
    const sixth = await call(carol, "POST", `/api/v1/statuses/${own[5]!.id}/pin`);
    assert.deepEqual([sixth.status, sixth.body], [422, { error: "Validation failed: You have already pinned the maximum number of posts" }]);
    assert.equal((await carol.client.v1.statuses.$select(own[0]!.id).fetch()).pinned, true);
    const pinned = await carol.client.v1.accounts.$select(carol.account.id).statuses.list({ pinned: true });
    assert.deepEqual(pinned.map((s) => s.id), own.slice(0, 5).map((s) => s.id).reverse());
    const seenByAlice = await alice.client.v1.accounts.$select(carol.account.id).statuses.list({ pinned: true });
    assert.equal(seenByAlice.length, 4, "a non-follower does not see the private pin");
    assert.equal("pinned" in (await call(alice, "GET", `/api/v1/statuses/${own[1]!.id}`)).body, false, "pinned is for the author only");
    await carol.client.v1.statuses.$select(own[1]!.id).unpin();
    assert.equal((await carol.client.v1.statuses.$select(own[5]!.id).pin()).pinned, true);
  });

  it("lists an account's statuses newest first with a Link header, hiding followers-only ones from non-followers and reblogs on request", async function () {
    this.timeout(60_000);
    const dave = await newSession(stack, "dave", suffix);
    const shared = await alice.client.v1.statuses.create({ status: `shared ${suffix}` });
    const open = await dave.client.v1.statuses.create({ status: `open ${suffix}` });
    const closed = await dave.client.v1.statuses.create({ status: `closed ${suffix}`, visibility: "private" });
    const reblog = await dave.client.v1.statuses.$select(shared.id).reblog();
    const path = `/api/v1/accounts/${dave.account.id}/statuses`;
    const own = await call(dave, "GET", `${path}?limit=2`);
    assert.deepEqual(own.body.map((s: { id: string }) => s.id), [reblog.id, closed.id]);
    assert.equal(own.body[0].reblog.id, shared.id);
    assert.match(own.link, new RegExp(`max_id=${closed.id}[^>]*>; rel="next"`));
    const byStranger = await call(alice, "GET", `${path}?exclude_reblogs=true`);
    assert.deepEqual(byStranger.body.map((s: { id: string }) => s.id), [open.id]);
  });

  it("mutes a conversation for the viewer, and refuses bad input with JSON errors", async function () {
    this.timeout(60_000);
    const root = await alice.client.v1.statuses.create({ status: `thread ${suffix}` });
    const reply = await bob.client.v1.statuses.create({ status: `reply ${suffix}`, inReplyToId: root.id });
    assert.equal((await bob.client.v1.statuses.$select(reply.id).mute()).muted, true);
    assert.equal((await bob.client.v1.statuses.$select(root.id).fetch()).muted, true, "the whole thread reads muted");
    assert.equal((await bob.client.v1.statuses.$select(root.id).unmute()).muted, false);

    const unknown = await call(bob, "POST", "/api/v1/statuses/123456789/favourite");
    assert.deepEqual([unknown.status, typeof unknown.body.error], [404, "string"]);
    const direct = await alice.client.v1.statuses.create({ status: `@bob_${suffix} secret`, visibility: "direct" });
    assert.equal((await call(alice, "POST", `/api/v1/statuses/${direct.id}/reblog`)).status, 403, "a direct status cannot be reblogged, even by its author");
    const stranger = await call(carol, "POST", `/api/v1/statuses/${direct.id}/reblog`);
    assert.equal(stranger.status, 404, "a status the viewer cannot see is not found");
    const badVisibility = await call(bob, "POST", `/api/v1/statuses/${root.id}/reblog?visibility=direct`);
    assert.deepEqual([badVisibility.status, typeof badVisibility.body.error], [422, "string"]);
    assert.equal((await call(undefined, "POST", `/api/v1/statuses/${root.id}/favourite`)).status, 401);
    assert.equal((await call(bob, "POST", "/api/v1/statuses/not-an-id/bookmark")).status, 404, "an id that is not one names no status");
  });
}

describeOnBothStacks("status interactions", describeInteractions);
