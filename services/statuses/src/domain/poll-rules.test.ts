import assert from "node:assert/strict";
import type { Poll } from "./poll.ts";
import { checkVote, editedPoll, isPollExpired, newPoll, pollAfterVote, validatePoll, viewPoll, type PollInput, type ValidPoll } from "./poll-rules.ts";

const input = (overrides: Partial<PollInput> = {}): PollInput => ({ options: ["tea", "coffee"], expiresIn: 3600, multiple: false, hideTotals: false, ...overrides });
const refused = (overrides: Partial<PollInput>, mediaCount = 0) => {
  const result = validatePoll(input(overrides), { mediaCount });
  return result.ok ? undefined : result.error;
};
const valid = (overrides: Partial<PollInput> = {}): ValidPoll => {
  const result = validatePoll(input(overrides), { mediaCount: 0 });
  assert.ok(result.ok, result.ok ? "" : result.error);
  return result.value;
};

const opened = new Date("2024-05-01T12:00:00Z");
const ids = { id: "10", statusId: "20", accountId: "1" };
const poll = (overrides: Partial<ValidPoll> = {}): Poll => newPoll(ids, { ...valid(), ...overrides }, opened);
const later = (seconds: number) => new Date(opened.getTime() + seconds * 1000);

describe("poll rules", () => {
  it("accepts 2 to 4 options, stripping them and dropping blank ones", () => {
    assert.deepEqual(valid({ options: [" a ", "", "b", "\u3000"] }).options, ["a", "b"]);
    assert.deepEqual(valid({ options: ["a", "b", "c", "d"] }).options, ["a", "b", "c", "d"]);
  });

  it("refuses one option and five options with Mastodon's messages", () => {
    assert.equal(refused({ options: ["only"] }), "Validation failed: Poll options must have more than one item");
    assert.equal(refused({ options: ["a", "b", "c", "d", "e"] }), "Validation failed: Poll options can't contain more than 4 items");
    assert.equal(refused({ options: [] }), "Validation failed: Poll options can't be blank, Poll options must have more than one item");
  });

  it("refuses duplicate options and options over 50 characters, counting graphemes", () => {
    assert.equal(refused({ options: ["a", "a"] }), "Validation failed: Poll options contain duplicate items");
    assert.equal(refused({ options: ["x".repeat(51), "b"] }), "Validation failed: Poll options cannot be longer than 50 characters each");
    assert.ok(valid({ options: ["👍🏽".repeat(50), "b"] }));
  });

  it("keeps the poll open between five minutes and a month", () => {
    assert.ok(valid({ expiresIn: 300 }));
    assert.ok(valid({ expiresIn: 2_629_746 }));
    assert.equal(refused({ expiresIn: 299 }), "Validation failed: Poll expires at is too soon");
    assert.equal(refused({ expiresIn: 2_629_747 }), "Validation failed: Poll expires at is too far into the future");
    assert.equal(refused({ expiresIn: null }), "Validation failed: Poll expires at can't be blank");
  });

  it("lists every broken rule at once", () => {
    assert.equal(refused({ options: ["a", "a", "b", "c", "d"], expiresIn: 60 }), "Validation failed: Poll options can't contain more than 4 items, Poll options contain duplicate items, Poll expires at is too soon");
  });

  it("refuses a poll on a status with media", () => {
    assert.match(refused({}, 1) ?? "", /cannot have a poll/);
  });

  it("opens with zero votes and closes after expires_in, open at the very instant it ends", () => {
    const p = poll({ expiresIn: 300 });
    assert.deepEqual([p.tallies, p.votersCount, p.expiresAt?.toISOString()], [[0, 0], 0, "2024-05-01T12:05:00.000Z"]);
    assert.equal(isPollExpired(p, later(300)), false);
    assert.equal(isPollExpired(p, later(301)), true);
  });

  it("takes exactly one choice on a single-choice poll, once", () => {
    const p = poll();
    assert.deepEqual(checkVote(p, { voterId: "2", choices: [1], previousChoices: [] }, opened), { ok: true, value: [1] });
    assert.deepEqual(checkVote(p, { voterId: "2", choices: [0, 1], previousChoices: [] }, opened), { ok: false, error: "Validation failed: You have already voted on this poll" });
    assert.deepEqual(checkVote(p, { voterId: "2", choices: [0], previousChoices: [1] }, opened), { ok: false, error: "Validation failed: You have already voted on this poll" });
  });

  it("takes several choices on a multiple-choice poll, but never one option twice", () => {
    const p = poll({ multiple: true });
    assert.deepEqual(checkVote(p, { voterId: "2", choices: [1, 0], previousChoices: [] }, opened), { ok: true, value: [1, 0] });
    assert.equal(checkVote(p, { voterId: "2", choices: [1, 1], previousChoices: [] }, opened).ok, false);
    assert.equal(checkVote(p, { voterId: "2", choices: [0], previousChoices: [0] }, opened).ok, false);
  });

  it("refuses options that do not exist, the author's vote, votes after the end and no choice at all", () => {
    const p = poll({ expiresIn: 300 });
    assert.deepEqual(checkVote(p, { voterId: "2", choices: [2], previousChoices: [] }, opened), { ok: false, error: "Validation failed: The chosen vote option does not exist" });
    assert.deepEqual(checkVote(p, { voterId: "1", choices: [0], previousChoices: [] }, opened), { ok: false, error: "Validation failed: You cannot vote in your own polls" });
    assert.deepEqual(checkVote(p, { voterId: "2", choices: [0], previousChoices: [] }, later(301)), { ok: false, error: "Validation failed: The poll has already ended" });
    assert.equal(checkVote(p, { voterId: "2", choices: [], previousChoices: [] }, opened).ok, false);
  });

  it("counts votes per option and voters once", () => {
    let p = pollAfterVote(poll({ multiple: true }), [0, 1], true, later(1));
    p = pollAfterVote(p, [1], true, later(2));
    assert.deepEqual([p.tallies, p.votersCount, p.updatedAt], [[1, 2], 2, later(2)]);
    const view = viewPoll(p, { accountId: "3", ownVotes: [1, 0] }, later(3));
    assert.deepEqual([view.votesCount, view.votersCount, view.options, view.voted, view.ownVotes], [3, 2, [{ title: "tea", votesCount: 1 }, { title: "coffee", votesCount: 2 }], true, [0, 1]]);
  });

  it("hides option totals while hide_totals is on and the poll is open, from the author too", () => {
    const p = pollAfterVote(poll({ hideTotals: true, expiresIn: 300 }), [0], true, later(1));
    const open = viewPoll(p, { accountId: "1", ownVotes: [] }, later(2));
    assert.deepEqual([open.options.map((o) => o.votesCount), open.votesCount, open.voted, open.expired], [[null, null], 1, true, false]);
    const closed = viewPoll(p, { accountId: undefined, ownVotes: [] }, later(301));
    assert.deepEqual([closed.options.map((o) => o.votesCount), closed.voted, closed.expired], [[1, 0], false, true]);
  });

  it("keeps votes through an edit that keeps options and mode, and resets them otherwise", () => {
    const voted = pollAfterVote(poll(), [1], true, later(1));
    const same = editedPoll(voted, valid({ expiresIn: 600 }), later(10));
    assert.deepEqual([same.reset, same.poll.tallies, same.poll.votersCount, same.poll.expiresAt], [false, [0, 1], 1, later(610)]);
    const changed = editedPoll(voted, valid({ options: ["tea", "water"] }), later(10));
    assert.deepEqual([changed.reset, changed.poll.tallies, changed.poll.votersCount, changed.poll.id], [true, [0, 0], 0, "10"]);
    assert.equal(editedPoll(voted, valid({ multiple: true }), later(10)).reset, true);
  });
});
