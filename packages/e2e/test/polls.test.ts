import assert from "node:assert/strict";
import type { mastodon } from "masto";
import { waitFor } from "@starling/testkit";
import { describeOnBothStacks } from "../src/harness/on-both-stacks.ts";
import type { Session } from "../src/harness/masto-session.ts";
import { suiteSessions } from "../src/harness/suite-sessions.ts";
import type { Stack } from "../src/harness/stack.ts";

type Answer = { status: number; body: Record<string, any> };

/**
 * Polls through the gateway with masto.js: creating them with a status, voting, tallies and the
 * viewer's votes, and the 4xx answers. The stacks let polls end after 2 s so a vote on an ended
 * poll can be tried on a real clock.
 */
function describePolls(start: () => Promise<Stack>): void {
  let stack: Stack;
  let alice: Session;
  let bob: Session;
  let carol: Session;
  const suffix = suiteSessions(start, ["alice", "bob", "carol"], (suite) => ({ stack, alice, bob, carol } = suite));

  const call = async (who: Session | undefined, method: string, path: string, body?: string, type = "application/json"): Promise<Answer> => {
    const headers: Record<string, string> = { ...(who ? { authorization: `Bearer ${who.accessToken}` } : {}), ...(body ? { "content-type": type } : {}) };
    const res = await fetch(`${stack.url}${path}`, { method, headers, body });
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  const postPoll = (poll: Partial<mastodon.rest.v1.CreateStatusPollParam> = {}, status = "Which one?") =>
    alice.client.v1.statuses.create({ status, poll: { options: ["tea", "coffee", "water"], expiresIn: 3600, ...poll } });
  const refusal = async (promise: Promise<unknown>) => {
    const error = (await promise.then(
      () => assert.fail("expected a refusal"),
      (e: unknown) => e,
    )) as { statusCode?: number; message?: string };
    return [error.statusCode, error.message];
  };

  it("creates a multiple-choice poll; another account votes two options and sees tallies, voters_count and own_votes", async function () {
    const status = await postPoll({ multiple: true });
    const created = status.poll!;
    assert.deepEqual(
      [created.options.map((o) => [o.title, o.votesCount]), created.votesCount, created.votersCount, created.multiple, created.expired, created.voted, created.ownVotes],
      [[["tea", 0], ["coffee", 0], ["water", 0]], 0, 0, true, false, true, []],
    );
    assert.ok(Math.abs(Date.parse(created.expiresAt!) - Date.parse(status.createdAt) - 3_600_000) < 1000);
    const voted = await bob.client.v1.polls.$select(created.id).votes.create({ choices: [0, 2] });
    assert.deepEqual([voted.options.map((o) => o.votesCount), voted.votesCount, voted.votersCount, voted.voted, voted.ownVotes], [[1, 0, 1], 2, 1, true, [0, 2]]);
    await carol.client.v1.polls.$select(created.id).votes.create({ choices: [2] });
    const seenByBob = await bob.client.v1.statuses.$select(status.id).fetch();
    assert.deepEqual([seenByBob.poll!.options.map((o) => o.votesCount), seenByBob.poll!.votersCount, seenByBob.poll!.ownVotes], [[1, 0, 2], 2, [0, 2]]);
    const seenByAlice = await alice.client.v1.polls.$select(created.id).fetch();
    assert.deepEqual([seenByAlice.voted, seenByAlice.ownVotes, seenByAlice.votesCount], [true, [], 3]);
    const anonymous = await call(undefined, "GET", `/api/v1/polls/${created.id}`);
    assert.equal(anonymous.status, 200);
    assert.equal("voted" in anonymous.body || "own_votes" in anonymous.body, false);
    assert.deepEqual(anonymous.body.emojis, []);
  });

  it("takes a poll and a vote as form parameters (poll[options][], choices[])", async function () {
    const form = new URLSearchParams([["status", "Form poll"], ["poll[options][]", "yes"], ["poll[options][]", "no"], ["poll[expires_in]", "600"], ["poll[multiple]", "false"]]);
    const created = await call(alice, "POST", "/api/v1/statuses", form.toString(), "application/x-www-form-urlencoded");
    assert.equal(created.status, 200, JSON.stringify(created.body));
    assert.deepEqual(created.body.poll.options, [{ title: "yes", votes_count: 0 }, { title: "no", votes_count: 0 }]);
    const vote = await call(bob, "POST", `/api/v1/polls/${created.body.poll.id}/votes`, "choices[]=1", "application/x-www-form-urlencoded");
    assert.deepEqual([vote.status, vote.body.own_votes, vote.body.voters_count], [200, [1], 1]);
  });

  it("hides option totals of a hide_totals poll while it is open, but not the total", async function () {
    const status = await postPoll({ hideTotals: true });
    const voted = await bob.client.v1.polls.$select(status.poll!.id).votes.create({ choices: [1] });
    assert.deepEqual([voted.options.map((o) => o.votesCount), voted.votesCount, voted.votersCount], [[null, null, null], 1, 1]);
  });

  it("refuses the author's own vote, a second vote, two choices on a single-choice poll and no choice, as JSON, counting nothing", async function () {
    const poll = (await postPoll()).poll!;
    const votes = (who: Session) => who.client.v1.polls.$select(poll.id).votes;
    assert.deepEqual(await refusal(votes(alice).create({ choices: [0] })), [422, "Validation failed: You cannot vote in your own polls"]);
    assert.deepEqual(await refusal(votes(bob).create({ choices: [0, 1] })), [422, "Validation failed: You have already voted on this poll"]);
    assert.deepEqual(await refusal(votes(bob).create({ choices: [7] })), [422, "Validation failed: The chosen vote option does not exist"]);
    const empty = await call(bob, "POST", `/api/v1/polls/${poll.id}/votes`, JSON.stringify({ choices: [] }));
    assert.deepEqual([empty.status, typeof empty.body.error], [400, "string"]);
    await votes(bob).create({ choices: [1] });
    assert.deepEqual(await refusal(votes(bob).create({ choices: [0] })), [422, "Validation failed: You have already voted on this poll"]);
    const after = await carol.client.v1.polls.$select(poll.id).fetch();
    assert.deepEqual([after.options.map((o) => o.votesCount), after.votersCount], [[0, 1, 0], 1]);
    const unknown = await call(bob, "POST", "/api/v1/polls/999999999/votes", JSON.stringify({ choices: [0] }));
    assert.deepEqual([unknown.status, unknown.body], [404, { error: "Record not found" }]);
  });

  it("refuses a vote on a poll that has ended with 422 JSON, counting nothing", async function () {
    this.timeout(60_000);
    const { poll } = await postPoll({ expiresIn: 2 }, `ending-${suffix}`);
    await waitFor(async () => (await bob.client.v1.polls.$select(poll!.id).fetch()).expired, { timeoutMs: 30_000, what: "the poll to end" });
    assert.deepEqual(await refusal(bob.client.v1.polls.$select(poll!.id).votes.create({ choices: [0] })), [422, "Validation failed: The poll has already ended"]);
    const after = await bob.client.v1.polls.$select(poll!.id).fetch();
    assert.deepEqual([after.votesCount, after.voted, after.ownVotes], [0, false, []]);
  });

  it("refuses a poll with 1 or 5 options with 422 JSON and stores no status", async function () {
    this.timeout(60_000);
    const marker = `poll-marker-${suffix}`;
    assert.deepEqual(await refusal(postPoll({ options: ["alone"] }, `one-option-${suffix}`)), [422, "Validation failed: Poll options must have more than one item"]);
    assert.deepEqual(await refusal(postPoll({ options: ["a", "b", "c", "d", "e"] }, `five-options-${suffix}`)), [422, "Validation failed: Poll options can't contain more than 4 items"]);
    assert.deepEqual(await refusal(postPoll({ expiresIn: 1 }, `too-short-${suffix}`)), [422, "Validation failed: Poll expires at is too soon"]);
    await alice.client.v1.statuses.create({ status: marker });
    const local = await waitFor(
      async () => {
        const statuses = await alice.client.v1.timelines.public.list({ local: true, limit: 40 });
        return statuses.some((s) => s.content.includes(marker)) && statuses;
      },
      { what: "the marker status on the local timeline" },
    );
    assert.deepEqual(local.filter((s) => /(one-option|five-options|too-short)-/.test(s.content)), []);
  });
}

// Polls may end after 2 s here (Mastodon: 5 minutes), so the suite can watch one end on a real clock.
describeOnBothStacks("polls", describePolls, { env: { POLL_MIN_EXPIRATION_SECONDS: "2" } });
