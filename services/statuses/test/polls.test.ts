import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { decodePayload } from "@starling/events";
import { PollsServiceClient, type PollRequest } from "@starling/proto/statuses/v1/polls";
import type { CreateStatusRequest } from "@starling/proto/statuses/v1/statuses";
import { connectService, type AsyncClient } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { findLiveStatus } from "../src/data/statuses-queries.ts";
import { replaceStatusPoll } from "../src/use-cases/status-poll.ts";
import { startStatusesHarness, type StatusesHarness } from "./support/statuses-harness.ts";
import { backends, statusRequest } from "./support/status-request.ts";

const pollRequest = (overrides: Partial<PollRequest> = {}): PollRequest => ({ options: ["tea", "coffee", "water"], expiresIn: 3600, multiple: false, hideTotals: false, ...overrides });
const request = (poll: PollRequest | undefined, overrides: Partial<CreateStatusRequest> = {}) => statusRequest({ status: "Which one?", poll, ...overrides });

const refusedWith = (code: GrpcStatus, message?: string) => (error: unknown) => {
  const e = error as { code?: number; details?: string };
  return e.code === code && (message === undefined || e.details === message);
};

for (const backend of backends) {
  describe(`polls over gRPC on ${backend.name}`, function () {
    let service: StatusesHarness;
    let polls: AsyncClient<PollsServiceClient>;
    let alice: string;
    let bob: string;
    let carol: string;
    // The service's clock: tests move it forward to close polls.
    let clock = Date.parse("2024-05-01T12:00:00Z");
    const as = (accountId: string) => service.viewer(accountId);
    const postPoll = async (poll: Partial<PollRequest> = {}, overrides: Partial<CreateStatusRequest> = {}) =>
      (await service.client.createStatus(request(pollRequest(poll), overrides), await as(alice))).status!;
    const vote = async (voter: string, pollId: string, choices: number[]) => (await polls.votePoll({ pollId, choices }, await as(voter))).poll!;
    const read = async (pollId: string, viewer?: string) => (await polls.getPolls({ ids: [pollId] }, viewer ? await as(viewer) : {})).polls;
    const count = async (table: string) => Number((await service.db.table(table).count({ n: "*" }))[0]!.n);

    before(async function () {
      service = await startStatusesHarness(backend.url, { now: () => new Date(clock), env: { POLLS_ENDED_INTERVAL_MS: "50" } });
      polls = connectService(PollsServiceClient, service.address, { deadlineMs: 10_000 });
      alice = await service.accounts.createAccount("alice");
      bob = await service.accounts.createAccount("bob");
      carol = await service.accounts.createAccount("carol");
      await service.accounts.follow(bob, alice);
    });

    after(async function () {
      polls?.close();
      await service?.stop();
    });

    it("posts a multiple-choice poll and counts other accounts' votes per option, voters and each viewer's own votes", async function () {
      const status = await postPoll({ multiple: true });
      assert.ok(status.pollId!, "the status points at its poll");
      const [fresh] = await read(status.pollId!, bob);
      assert.deepEqual(
        [fresh!.statusId, fresh!.multiple, fresh!.expired, fresh!.expiresAt?.toISOString(), fresh!.votesCount, fresh!.votersCount, fresh!.voted, fresh!.ownVotes],
        [status.id, true, false, "2024-05-01T13:00:00.000Z", 0, 0, false, []],
      );
      const afterBob = await vote(bob, status.pollId!, [2, 0]);
      assert.deepEqual([afterBob.options.map((o) => o.votesCount), afterBob.votesCount, afterBob.votersCount, afterBob.voted, afterBob.ownVotes], [[1, 0, 1], 2, 1, true, [0, 2]]);
      await vote(carol, status.pollId!, [2]);
      const [seenByBob] = await read(status.pollId!, bob);
      assert.deepEqual([seenByBob!.options.map((o) => [o.title, o.votesCount]), seenByBob!.votesCount, seenByBob!.votersCount, seenByBob!.ownVotes], [[["tea", 1], ["coffee", 0], ["water", 2]], 3, 2, [0, 2]]);
      const [seenByAlice] = await read(status.pollId!, alice);
      assert.deepEqual([seenByAlice!.voted, seenByAlice!.ownVotes], [true, []], "the author counts as having voted");
      const [anonymous] = await read(status.pollId!);
      assert.deepEqual([anonymous!.voted, anonymous!.ownVotes, anonymous!.votersCount], [false, [], 2]);
      const [reread] = (await service.client.getStatuses({ ids: [status.id] }, {})).statuses;
      assert.equal(reread!.pollId, status.pollId!);
    });

    it("publishes poll.voted through the outbox with the vote's choices", async function () {
      const status = await postPoll({ multiple: true });
      await vote(bob, status.pollId!, [1, 2]);
      const event = await waitFor(() => service.events.find((e) => e.type === "poll.voted" && e.key === status.id), { what: "poll.voted" });
      assert.deepEqual(decodePayload("poll.voted", event), { pollId: status.pollId!, statusId: status.id, accountId: bob, choices: [1, 2] });
    });

    it("refuses the author's vote, a second vote and two choices on a single-choice poll, storing nothing", async function () {
      const status = await postPoll();
      const votes = await count("poll_votes");
      await assert.rejects(vote(alice, status.pollId!, [0]), refusedWith(GrpcStatus.INVALID_ARGUMENT, "Validation failed: You cannot vote in your own polls"));
      await assert.rejects(vote(bob, status.pollId!, [0, 1]), refusedWith(GrpcStatus.INVALID_ARGUMENT, "Validation failed: You have already voted on this poll"));
      await assert.rejects(vote(bob, status.pollId!, [3]), refusedWith(GrpcStatus.INVALID_ARGUMENT, "Validation failed: The chosen vote option does not exist"));
      assert.equal(await count("poll_votes"), votes);
      await vote(bob, status.pollId!, [1]);
      await assert.rejects(vote(bob, status.pollId!, [0]), refusedWith(GrpcStatus.INVALID_ARGUMENT, "Validation failed: You have already voted on this poll"));
      const [poll] = await read(status.pollId!, bob);
      assert.deepEqual([poll!.options.map((o) => o.votesCount), poll!.votersCount, poll!.ownVotes], [[0, 1, 0], 1, [1]]);
    });

    it("counts one of two racing votes of one account on a single-choice poll", async function () {
      const status = await postPoll();
      const results = await Promise.allSettled([vote(carol, status.pollId!, [0]), vote(carol, status.pollId!, [1])]);
      assert.deepEqual(results.map((r) => r.status).sort(), ["fulfilled", "rejected"]);
      const [poll] = await read(status.pollId!, carol);
      assert.deepEqual([poll!.votesCount, poll!.votersCount, poll!.ownVotes.length], [1, 1, 1]);
    });

    it("refuses a poll with 1 or 5 options, without an end, or beside media, storing neither status nor poll", async function () {
      const before = [await count("statuses"), await count("polls")];
      const refuse = (poll: Partial<PollRequest>, message: string, overrides: Partial<CreateStatusRequest> = {}) =>
        assert.rejects(postPoll(poll, overrides), refusedWith(GrpcStatus.INVALID_ARGUMENT, message));
      await refuse({ options: ["alone"] }, "Validation failed: Poll options must have more than one item");
      await refuse({ options: ["a", "b", "c", "d", "e"] }, "Validation failed: Poll options can't contain more than 4 items");
      await refuse({ expiresIn: undefined }, "Validation failed: Poll expires at can't be blank");
      await refuse({ expiresIn: 299 }, "Validation failed: Poll expires at is too soon");
      await refuse({}, "Validation failed: A status with media attachments cannot have a poll", { mediaIds: ["123"] });
      assert.deepEqual([await count("statuses"), await count("polls")], before);
    });

    it("hides option totals until a poll of the minimum duration ends, then refuses votes and stores nothing", async function () {
      const status = await postPoll({ expiresIn: 300, hideTotals: true });
      const open = await vote(bob, status.pollId!, [0]);
      assert.deepEqual([open.options.map((o) => o.votesCount), open.votesCount, open.expired], [[undefined, undefined, undefined], 1, false]);
      clock += 301_000;
      const votes = await count("poll_votes");
      await assert.rejects(vote(carol, status.pollId!, [1]), refusedWith(GrpcStatus.INVALID_ARGUMENT, "Validation failed: The poll has already ended"));
      assert.equal(await count("poll_votes"), votes);
      const [ended] = await read(status.pollId!, carol);
      assert.deepEqual([ended!.expired, ended!.options.map((o) => o.votesCount), ended!.voted], [true, [1, 0, 0], false]);
    });

    it("announces each poll's end once with poll.ended, naming its author and every voter", async function () {
      const ends = (statusId: string) => service.events.filter((e) => e.type === "poll.ended" && e.key === statusId).map((e) => decodePayload("poll.ended", e));
      const first = await postPoll({ expiresIn: 300, multiple: true });
      await vote(bob, first.pollId!, [0, 1]);
      await vote(carol, first.pollId!, [2]);
      assert.deepEqual(ends(first.id), [], "not before its end");
      clock += 301_000;
      const [ended] = await waitFor(() => ends(first.id).length > 0 && ends(first.id), { what: "poll.ended" });
      assert.deepEqual([ended!.pollId, ended!.accountId, [...ended!.voterAccountIds].sort(), ended!.endedAt!.getTime()], [first.pollId, alice, [bob, carol].sort(), first.createdAt!.getTime() + 300_000]);
      // A later poll's end shows the scheduler ran again: the first was not announced twice.
      const second = await postPoll({ expiresIn: 300 });
      clock += 301_000;
      await waitFor(() => ends(second.id).length > 0, { what: "the second poll.ended" });
      assert.equal(ends(first.id).length, 1);
      assert.deepEqual(ends(second.id)[0]!.voterAccountIds, []);
    });

    it("keeps a private status's poll from accounts that cannot see the status", async function () {
      const status = await postPoll({}, { visibility: "private" });
      assert.deepEqual(await read(status.pollId!, carol), []);
      await assert.rejects(vote(carol, status.pollId!, [0]), refusedWith(GrpcStatus.NOT_FOUND));
      await assert.rejects(polls.votePoll({ pollId: "999999", choices: [0] }, await as(carol)), refusedWith(GrpcStatus.NOT_FOUND));
      assert.equal((await vote(bob, status.pollId!, [0])).votersCount, 1, "a follower sees it and votes");
    });

    it("replaces a status's poll on edit, keeping votes when only the duration changes and resetting them when options change", async function () {
      const posted = await postPoll();
      await vote(bob, posted.pollId!, [1]);
      const replace = async (poll: { options: string[]; multiple?: boolean } | null) => {
        const status = (await findLiveStatus(service.db, posted.id))!;
        const valid = poll && { options: poll.options, expiresIn: 600, multiple: poll.multiple ?? false, hideTotals: false };
        return service.db.transaction((trx) => replaceStatusPoll(service.db, trx, status, valid, new Date(clock), () => "77"));
      };
      const kept = await replace({ options: ["tea", "coffee", "water"] });
      assert.deepEqual([kept.changed, kept.poll?.id, kept.poll?.tallies], [true, posted.pollId!, [0, 1, 0]]);
      assert.deepEqual((await read(posted.pollId!, bob))[0]!.ownVotes, [1]);
      const reset = await replace({ options: ["tea", "juice"] });
      assert.deepEqual([reset.poll?.id, reset.poll?.tallies, reset.poll?.votersCount], [posted.pollId!, [0, 0], 0]);
      const [afterReset] = await read(posted.pollId!, bob);
      assert.deepEqual([afterReset!.options.map((o) => o.title), afterReset!.voted, afterReset!.ownVotes], [["tea", "juice"], false, []]);
      assert.deepEqual(await replace(null), { poll: null, changed: true });
      assert.deepEqual([(await findLiveStatus(service.db, posted.id))!.pollId, await read(posted.pollId!, bob)], [null, []]);
    });
  });
}
