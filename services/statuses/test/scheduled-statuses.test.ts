import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { ScheduledStatusesServiceClient } from "@starling/proto/statuses/v1/scheduled_statuses";
import type { CreateStatusRequest } from "@starling/proto/statuses/v1/statuses";
import { connectService, type AsyncClient } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { SCHEDULE_ERRORS } from "../src/domain/scheduled-status.ts";
import { startStatusesHarness, type StatusesHarness } from "./support/statuses-harness.ts";
import { backends, statusRequest } from "./support/status-request.ts";

const MINUTE = 60_000;
const refusedWith = (code: GrpcStatus, message?: string) => (error: unknown) => {
  const e = error as { code?: number; details?: string };
  return e.code === code && (message === undefined || e.details === message);
};

for (const backend of backends) {
  describe(`scheduled statuses over gRPC on ${backend.name}`, function () {
    let service: StatusesHarness;
    let scheduler: AsyncClient<ScheduledStatusesServiceClient>;
    // The service's clock; only ever moved forward. The scheduler runs every 50 ms of real time.
    let clock = Date.parse("2024-06-03T08:00:00Z");
    const as = (accountId: string) => service.viewer(accountId);
    const inMinutes = (minutes: number) => new Date(clock + minutes * MINUTE);
    const schedule = async (accountId: string, at: Date, overrides: Partial<CreateStatusRequest> = {}) =>
      scheduler.scheduleStatus({ status: statusRequest(overrides), scheduledAt: at }, await as(accountId));
    const statusesOf = async (accountId: string) => service.db.table("statuses").where({ account_id: accountId }).orderBy("id").select("id", "text", "visibility", "spoiler_text", "poll_id");
    const scheduledCount = async (accountId: string) => Number((await service.db.table("scheduled_statuses").where({ account_id: accountId }).count({ n: "*" }))[0]!.n);

    before(async function () {
      service = await startStatusesHarness(backend.url, { now: () => new Date(clock), env: { SCHEDULED_STATUSES_INTERVAL_MS: "50" } });
      scheduler = connectService(ScheduledStatusesServiceClient, service.address, { deadlineMs: 10_000 });
    });

    after(async function () {
      scheduler?.close();
      await service?.stop();
    });

    it("posts a scheduled status with its text, visibility and poll only once the clock passes its time, then forgets it", async function () {
      const alice = await service.accounts.createAccount("sched_alice");
      const poll = { options: ["now", "later"], expiresIn: 3600, multiple: false, hideTotals: false };
      const { scheduledStatus, status } = await schedule(alice, inMinutes(10), { status: "See you at ten", visibility: "unlisted", spoilerText: "plans", poll });
      assert.equal(status, undefined, "nothing is posted yet");
      assert.deepEqual(
        [scheduledStatus!.scheduledAt?.toISOString(), scheduledStatus!.params?.text, scheduledStatus!.params?.visibility, scheduledStatus!.params?.sensitive, scheduledStatus!.params?.poll?.options],
        [inMinutes(10).toISOString(), "See you at ten", "unlisted", true, ["now", "later"]],
      );
      const early = (await schedule(alice, inMinutes(6), { status: "Early bird" })).scheduledStatus!;
      clock += 7 * MINUTE;
      // The scheduler has run past the earlier one's time, yet the later one waits.
      await waitFor(async () => (await statusesOf(alice)).length === 1, { what: "the earlier scheduled status to be posted" });
      assert.deepEqual((await statusesOf(alice)).map((s: { text: string }) => s.text), ["Early bird"]);
      await assert.rejects(scheduler.getScheduledStatus({ id: early.id }, await as(alice)), refusedWith(GrpcStatus.NOT_FOUND));
      assert.equal((await scheduler.getScheduledStatus({ id: scheduledStatus!.id }, await as(alice))).scheduledStatus!.params?.text, "See you at ten");
      clock += 3 * MINUTE + 1;
      await waitFor(async () => (await scheduledCount(alice)) === 0, { what: "the scheduled row to go" });
      const [, posted, ...others] = await statusesOf(alice);
      assert.equal(others.length, 0, "posted exactly once");
      assert.deepEqual([posted!.text, posted!.visibility, posted!.spoiler_text], ["See you at ten", "unlisted", "plans"]);
      assert.ok(posted!.poll_id, "the poll was created with the status");
      const [poll0] = await service.db.table("polls").where({ id: posted!.poll_id }).select("options", "expires_at");
      assert.deepEqual([poll0!.options, new Date(poll0!.expires_at).toISOString()], [["now", "later"], new Date(clock + 3_600_000).toISOString()], "the poll runs from the posting time");
      await waitFor(() => service.events.find((e) => e.type === "status.created" && e.key === String(posted!.id)), { what: "status.created" });
      await assert.rejects(scheduler.getScheduledStatus({ id: scheduledStatus!.id }, await as(alice)), refusedWith(GrpcStatus.NOT_FOUND));
    });

    it("posts at once, as a status, when the time is less than five minutes ahead", async function () {
      const bob = await service.accounts.createAccount("sched_bob");
      const { scheduledStatus, status } = await schedule(bob, inMinutes(4), { status: "Too soon to wait" });
      assert.equal(scheduledStatus, undefined);
      assert.equal(status!.text, "Too soon to wait");
      assert.equal(await scheduledCount(bob), 0);
    });

    it("refuses an invalid status at scheduling time, storing nothing", async function () {
      const carol = await service.accounts.createAccount("sched_carol");
      await assert.rejects(schedule(carol, inMinutes(30), { status: "x".repeat(501) }), refusedWith(GrpcStatus.INVALID_ARGUMENT, "Validation failed: Text character limit of 500 exceeded"));
      await assert.rejects(schedule(carol, inMinutes(30), { poll: { options: ["only one"], expiresIn: 3600, multiple: false, hideTotals: false } }), refusedWith(GrpcStatus.INVALID_ARGUMENT));
      await assert.rejects(schedule(carol, inMinutes(30), { inReplyToId: "123456789" }), refusedWith(GrpcStatus.NOT_FOUND));
      assert.equal(await scheduledCount(carol), 0);
    });

    it("refuses a 26th scheduled status on the same UTC day but takes it on another day", async function () {
      const dave = await service.accounts.createAccount("sched_dave");
      const day = Date.parse("2024-06-10T00:30:00Z");
      for (let i = 0; i < 25; i += 1) await schedule(dave, new Date(day + i * MINUTE), { status: `post ${i}` });
      await assert.rejects(schedule(dave, new Date(Date.parse("2024-06-10T23:59:00Z"))), refusedWith(GrpcStatus.INVALID_ARGUMENT, SCHEDULE_ERRORS.dailyLimit));
      assert.equal(await scheduledCount(dave), 25);
      const { scheduledStatus } = await schedule(dave, new Date(Date.parse("2024-06-11T00:00:00Z")));
      assert.ok(scheduledStatus);
      await assert.rejects(
        scheduler.rescheduleStatus({ id: scheduledStatus.id, scheduledAt: new Date(day + 3 * 60 * MINUTE) }, await as(dave)),
        refusedWith(GrpcStatus.INVALID_ARGUMENT, SCHEDULE_ERRORS.dailyLimit),
        "moving into a full day is refused too",
      );
    });

    it("refuses a scheduled status beyond 300 in all", async function () {
      const erin = await service.accounts.createAccount("sched_erin");
      const params = JSON.stringify({ text: "filler", visibility: "public", spoilerText: "", inReplyToId: "", language: "", sensitive: false, application: null, mediaIds: [], poll: null });
      const rows = Array.from({ length: 300 }, (_, i) => ({ id: String(9_000_000_000 + i), account_id: erin, scheduled_at: new Date(Date.parse("2025-01-01T00:00:00Z") + i * 24 * 60 * MINUTE), params, created_at: new Date(clock) }));
      await service.db.table("scheduled_statuses").insert(rows);
      await assert.rejects(schedule(erin, inMinutes(60)), refusedWith(GrpcStatus.INVALID_ARGUMENT, SCHEDULE_ERRORS.totalLimit));
      assert.equal(await scheduledCount(erin), 300);
    });

    it("lists, moves and cancels only the viewer's own scheduled statuses", async function () {
      const frank = await service.accounts.createAccount("sched_frank");
      const grace = await service.accounts.createAccount("sched_grace");
      const ids: string[] = [];
      for (let i = 0; i < 3; i += 1) ids.push((await schedule(frank, inMinutes(60 + i), { status: `queued ${i}` })).scheduledStatus!.id);
      const first = await scheduler.listScheduledStatuses({ page: { maxId: "", sinceId: "", minId: "", limit: 2 } }, await as(frank));
      assert.deepEqual(first.scheduledStatuses.map((s) => s.id), [ids[2], ids[1]], "newest first");
      assert.equal(first.nextMaxId, ids[1]);
      const rest = await scheduler.listScheduledStatuses({ page: { maxId: first.nextMaxId, sinceId: "", minId: "", limit: 2 } }, await as(frank));
      assert.deepEqual(rest.scheduledStatuses.map((s) => s.id), [ids[0]]);
      assert.deepEqual((await scheduler.listScheduledStatuses({ page: undefined }, await as(grace))).scheduledStatuses, []);

      const moved = await scheduler.rescheduleStatus({ id: ids[0]!, scheduledAt: inMinutes(24 * 60) }, await as(frank));
      assert.equal(moved.scheduledStatus!.scheduledAt?.toISOString(), inMinutes(24 * 60).toISOString());
      assert.equal((await scheduler.getScheduledStatus({ id: ids[0]! }, await as(frank))).scheduledStatus!.scheduledAt?.toISOString(), inMinutes(24 * 60).toISOString());
      await assert.rejects(scheduler.rescheduleStatus({ id: ids[0]!, scheduledAt: inMinutes(4) }, await as(frank)), refusedWith(GrpcStatus.INVALID_ARGUMENT, SCHEDULE_ERRORS.tooSoon));
      await assert.rejects(scheduler.rescheduleStatus({ id: ids[0]!, scheduledAt: inMinutes(90) }, await as(grace)), refusedWith(GrpcStatus.NOT_FOUND));

      await assert.rejects(scheduler.cancelScheduledStatus({ id: ids[1]! }, await as(grace)), refusedWith(GrpcStatus.NOT_FOUND));
      await scheduler.cancelScheduledStatus({ id: ids[1]! }, await as(frank));
      await assert.rejects(scheduler.getScheduledStatus({ id: ids[1]! }, await as(frank)), refusedWith(GrpcStatus.NOT_FOUND));
      assert.equal(await scheduledCount(frank), 2);
    });
  });
}
