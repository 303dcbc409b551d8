import assert from "node:assert/strict";
import { describeOnBothStacks } from "../src/harness/on-both-stacks.ts";
import type { Stack } from "../src/harness/stack.ts";
import type { Session } from "../src/harness/masto-session.ts";
import { suiteSessions } from "../src/harness/suite-sessions.ts";

/** The follow graph through the gateway with masto.js: requests, lists, endorsements and notes. */
function describeFollowGraph(start: () => Promise<Stack>): void {
  let stack: Stack;
  let star: Session;
  let fan: Session;
  let skeptic: Session;
  let other: Session;
  suiteSessions(start, ["star", "fan", "skeptic", "other"], (suite) => ({ stack, star, fan, skeptic, other } = suite));

  const api = async (session: Session, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${stack.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${session.accessToken}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    assert.match(response.headers.get("content-type") ?? "", /application\/json/);
    return { status: response.status, link: response.headers.get("link") ?? "", body: (await response.json()) as any };
  };
  const relationship = async (session: Session, id: string) => (await session.client.v1.accounts.relationships.fetch({ id: [id] }))[0]!;

  it("lets a locked account authorize a follow request, so both sides see the follow and the counters", async () => {
    await star.client.v1.accounts.updateCredentials({ locked: true });
    const asked = await fan.client.v1.accounts.$select(star.account.id).follow({ reblogs: false });
    assert.deepEqual([asked.following, asked.requested, asked.showingReblogs], [false, true, false]);
    const pending = await star.client.v1.followRequests.list();
    assert.deepEqual(pending.map((a) => a.id), [fan.account.id]);
    assert.equal((await relationship(star, fan.account.id)).requestedBy, true);

    const authorized = await star.client.v1.followRequests.$select(fan.account.id).authorize();
    assert.deepEqual([authorized.id, authorized.followedBy], [fan.account.id, true]);
    const seen = await relationship(fan, star.account.id);
    assert.deepEqual([seen.following, seen.requested, seen.showingReblogs], [true, false, false]);
    assert.equal((await star.client.v1.accounts.$select(star.account.id).fetch()).followersCount, 1);
    assert.equal((await fan.client.v1.accounts.$select(fan.account.id).fetch()).followingCount, 1);
    assert.deepEqual(await star.client.v1.followRequests.list(), []);
  });

  it("lets a locked account reject a follow request, leaving no follow", async () => {
    await skeptic.client.v1.accounts.$select(star.account.id).follow();
    const rejected = await star.client.v1.followRequests.$select(skeptic.account.id).reject();
    assert.deepEqual([rejected.followedBy, rejected.requestedBy], [false, false]);
    const seen = await relationship(skeptic, star.account.id);
    assert.deepEqual([seen.following, seen.requested], [false, false]);
    assert.equal((await api(star, "POST", `/api/v1/follow_requests/${skeptic.account.id}/reject`)).status, 404);
  });

  it("pages followers and following newest first with since_id/max_id Link headers", async () => {
    for (const follower of [star, skeptic, other]) await follower.client.v1.accounts.$select(fan.account.id).follow();
    const first = await api(other, "GET", `/api/v1/accounts/${fan.account.id}/followers?limit=2`);
    assert.deepEqual(first.body.map((a: { id: string }) => a.id), [other.account.id, skeptic.account.id]);
    const next = /<([^>]+)>; rel="next"/.exec(first.link)?.[1];
    assert.match(next ?? "", /max_id=\d+/);
    assert.match(first.link, /since_id=\d+[^>]*>; rel="prev"/);
    const second = await fetch(next!, { headers: { authorization: `Bearer ${other.accessToken}` } });
    assert.deepEqual(((await second.json()) as { id: string }[]).map((a) => a.id), [star.account.id]);
    assert.doesNotMatch(second.headers.get("link") ?? "", /rel="next"/, "a short page has no next link");

    const pages: string[][] = [];
    for await (const page of other.client.v1.accounts.$select(fan.account.id).followers.list({ limit: 2 })) pages.push(page.map((a) => a.id));
    assert.deepEqual(pages.flat(), [other.account.id, skeptic.account.id, star.account.id]);
    const following = await other.client.v1.accounts.$select(fan.account.id).following.list();
    assert.deepEqual(following.map((a) => a.id), [star.account.id]);
  });

  it("shows familiar followers: the accounts one follows who follow the other", async () => {
    // masto 8 sends this method's id list as `0=...`, which Mastodon ignores too; clients send id[].
    const answer = await api(skeptic, "GET", `/api/v1/accounts/familiar_followers?id[]=${star.account.id}&id[]=${other.account.id}`);
    assert.deepEqual(
      answer.body.map((f: { id: string; accounts: { id: string }[] }) => [f.id, f.accounts.map((a) => a.id)]),
      [[star.account.id, [fan.account.id]], [other.account.id, []]],
    );
  });

  it("removes a follower, which ends its follow", async () => {
    await fan.client.v1.accounts.$select(other.account.id).removeFromFollowers();
    assert.equal((await relationship(other, fan.account.id)).following, false);
    assert.equal((await fan.client.v1.accounts.$select(fan.account.id).fetch()).followersCount, 2);
  });

  it("endorses a followed account with pin, lists it, and unpins it", async () => {
    assert.equal((await star.client.v1.accounts.$select(fan.account.id).pin()).endorsed, true);
    assert.deepEqual((await star.client.v1.endorsements.list()).map((a) => a.id), [fan.account.id]);
    assert.equal((await star.client.v1.accounts.$select(fan.account.id).unpin()).endorsed, false);
    assert.deepEqual(await star.client.v1.endorsements.list(), []);
  });

  it("keeps a private note shown in the author's relationship only", async () => {
    const noted = await star.client.v1.accounts.$select(skeptic.account.id).note.create({ comment: "asked twice" });
    assert.equal(noted.note, "asked twice");
    assert.equal((await relationship(star, skeptic.account.id)).note, "asked twice");
    assert.equal((await relationship(skeptic, star.account.id)).note, "");
    await star.client.v1.accounts.$select(skeptic.account.id).note.create({ comment: "" });
    assert.equal((await relationship(star, skeptic.account.id)).note, "");
  });

  it("answers bad input with JSON errors: unknown ids 404, long notes and endorsing strangers 422", async () => {
    const unknown = "9999999999";
    for (const [method, path] of [
      ["GET", `/api/v1/accounts/${unknown}/followers`],
      ["POST", `/api/v1/accounts/${unknown}/remove_from_followers`],
      ["POST", `/api/v1/follow_requests/${unknown}/authorize`],
      ["POST", `/api/v1/accounts/${unknown}/pin`],
      ["POST", `/api/v1/accounts/${unknown}/note`],
    ] as const) {
      const answer = await api(star, method, path);
      assert.equal(answer.status, 404, `${method} ${path}`);
      assert.equal(typeof answer.body.error, "string");
    }
    const tooLong = await api(star, "POST", `/api/v1/accounts/${fan.account.id}/note`, { comment: "x".repeat(2001) });
    assert.equal(tooLong.status, 422);
    const stranger = await api(skeptic, "POST", `/api/v1/accounts/${star.account.id}/pin`);
    assert.equal(stranger.status, 422);
    assert.match(stranger.body.error, /following/);
    assert.equal((await api(star, "GET", `/api/v1/accounts/${fan.account.id}/followers?max_id=abc`)).status, 400, "a bad cursor is a bad request");
  });
}

describeOnBothStacks("the follow graph", describeFollowGraph);
