// The dashboard counters: kept from events exactly once, read back as Mastodon 4.0's measures,
// dimensions, retention cohorts and weekly instance activity.
import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { outboxEvent, type EventEnvelope, type EventType, type PayloadOf } from "@starling/events";
import { DashboardServiceClient, type DashboardRequest } from "@starling/proto/moderation/v1/dashboard";
import { connectService, type AsyncClient } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { backends, startModerationHarness, type ModerationHarness } from "./support/moderation-harness.ts";

const grpcCode = (code: GrpcStatus) => (error: unknown) => (error as { code?: number }).code === code;
const at = (day: string, hour = 12) => new Date(`${day}T${String(hour).padStart(2, "0")}:00:00Z`);

for (const backend of backends) {
  describe(`the dashboard counters on ${backend.name}`, function () {
    this.timeout(60_000);
    let service: ModerationHarness;
    let dashboard: AsyncClient<DashboardServiceClient>;
    let staff: { viewerToken: string };
    let published = 0;
    before(async function () {
      this.timeout(120_000);
      service = await startModerationHarness(backend.url);
      dashboard = connectService(DashboardServiceClient, service.address, { deadlineMs: 10_000 });
      staff = await service.as({ accountId: "1", role: "Admin" });
    });
    after(async () => {
      dashboard?.close();
      await service?.stop();
    });

    /** Publishes an event as its owner would, dated `occurredAt`; twice when `twice` (a redelivery). */
    async function publish<T extends EventType>(type: T, key: string, payload: PayloadOf<T>, occurredAt: Date, twice = false): Promise<EventEnvelope> {
      const { topic, envelope } = outboxEvent(type.startsWith("report") ? "moderation" : "test", type, key, payload);
      const dated = { ...envelope, occurredAt };
      await service.bus.publish(topic, twice ? [dated, dated] : [dated]);
      published += 1;
      return dated;
    }
    /** Waits until the consumer has handled every event published so far. */
    const settled = () =>
      waitFor(async () => {
        const row = (await service.db.table("processed_events").where({ consumer: "moderation.dashboard-counters" }).count("* as n").first()) as { n: string };
        return Number(row.n) >= published;
      }, { timeoutMs: 30_000 });
    const measures = async (request: Partial<DashboardRequest>) =>
      (await dashboard.getMeasures({ keys: [], startAt: "2026-03-02", endAt: "2026-03-08", tags: {}, domains: {}, ...request }, staff)).measures;

    before(async () => {
      await publish("account.created", "10", { accountId: "10", username: "ana" }, at("2026-03-02"), true);
      await publish("account.created", "11", { accountId: "11", username: "bo", createdByApplicationId: "7", createdByApplicationName: "Tusky" }, at("2026-03-03"));
      // Sign-ups through apps outside the spans the other tests read.
      await publish("account.created", "13", { accountId: "13", username: "cy", createdByApplicationId: "7", createdByApplicationName: "Tusky" }, at("2026-04-01"));
      await publish("account.created", "14", { accountId: "14", username: "di", createdByApplicationId: "8", createdByApplicationName: "Elk" }, at("2026-04-01"));
      await publish("account.created", "15", { accountId: "15", username: "ed", createdByApplicationId: "7", createdByApplicationName: "Tusky" }, at("2026-02-20"));
      await publish("account.created", "12", { accountId: "12", username: "old" }, at("2026-02-25"));
      await publish("account.created", "20", { accountId: "20", username: "rem", domain: "remote.example" }, at("2026-02-01"));
      await settled();
      await publish("user.signed_in", "10", { accountId: "10", signedInAt: at("2026-03-02"), locale: "de" }, at("2026-03-02"));
      await publish("user.signed_in", "10", { accountId: "10", signedInAt: at("2026-03-02", 18), locale: "de" }, at("2026-03-02", 18));
      await publish("user.signed_in", "11", { accountId: "11", signedInAt: at("2026-03-04") }, at("2026-03-04"));
      // A day of API use without a sign-in makes bo active too (counted once with his sign-in that day).
      await publish("user.active", "11", { accountId: "11", activeAt: at("2026-03-04", 9), locale: "fr" }, at("2026-03-04", 9));
      await publish("user.active", "11", { accountId: "11", activeAt: at("2026-03-06", 9), locale: "fr" }, at("2026-03-06", 9), true);
      await publish("user.signed_in", "12", { accountId: "12", signedInAt: at("2026-02-26") }, at("2026-02-26"));
      const status = (id: string, accountId: string, local: boolean, day: string, extra: Partial<PayloadOf<"status.created">> = {}) =>
        publish("status.created", id, { statusId: id, accountId, visibility: "public", local, mentionedAccountIds: [], createdAt: at(day), language: "en", tags: ["cats"], hasMedia: false, ...extra }, at(day));
      await status("100", "10", true, "2026-03-02");
      await status("101", "20", false, "2026-03-03", { language: "fr" });
      await status("102", "20", false, "2026-03-03", { tags: [] });
      await status("103", "11", true, "2026-03-04", { inReplyToId: "100", inReplyToAccountId: "10", tags: ["cats", "dogs"] });
      await publish("favourite.created", "100", { favouriteId: "1", accountId: "11", statusId: "100", statusAccountId: "10", createdAt: at("2026-03-05") }, at("2026-03-05"), true);
      await publish("reblog.created", "101", { reblogId: "2", accountId: "10", statusId: "101", statusAccountId: "20", visibility: "public", createdAt: at("2026-03-05") }, at("2026-03-05"));
      await publish("follow.accepted", "10", { followId: "3", accountId: "10", targetAccountId: "20", showReblogs: true, notify: false }, at("2026-03-06"));
      await publish("follow.accepted", "20", { followId: "4", accountId: "20", targetAccountId: "11", showReblogs: true, notify: false }, at("2026-03-06"));
      // A remote server's media: a copy cached (counted once however often heard), another cached then removed, one that failed.
      const media = (id: string, day: string, processing: string, storedBytes?: number, twice = false) =>
        publish("media.processed", id, { mediaId: id, accountId: "20", type: "image", processing, storedBytes }, at(day), twice);
      await media("200", "2026-03-03", "done", 3_000_000, true);
      await media("201", "2026-03-03", "done", 500_000);
      await media("201", "2026-03-04", "done");
      await media("202", "2026-03-04", "failed");
      await publish("report.created", "5", { reportId: "5", accountId: "10", targetAccountId: "20", category: "spam", createdAt: at("2026-03-07"), staffAccountIds: [] }, at("2026-03-07"));
      await settled();
    });

    it("counts new users, active users and interactions by day, each event once however often it is delivered", async () => {
      const [newUsers, active, interactions] = await measures({ keys: ["new_users", "active_users", "interactions", "no_such_key"] });
      assert.deepEqual(newUsers, {
        key: "new_users",
        unit: undefined,
        total: "2",
        humanValue: undefined,
        previousTotal: "1",
        data: ["02", "03", "04", "05", "06", "07", "08"].map((d) => ({ date: `2026-03-${d}T00:00:00.000Z`, value: d === "02" || d === "03" ? "1" : "0" })),
      });
      assert.equal(active!.key, "active_users");
      assert.equal(active!.total, "2");
      assert.equal(active!.previousTotal, "1");
      assert.deepEqual(active!.data.map((p) => p.value), ["1", "0", "1", "0", "1", "0", "0"]);
      // Whole months count from the monthly sets, the days around them from the daily ones.
      const activeIn = async (startAt: string, endAt: string) => (await measures({ keys: ["active_users"], startAt, endAt }))[0]!.total;
      assert.deepEqual([await activeIn("2026-02-01", "2026-03-31"), await activeIn("2026-02-15", "2026-03-31"), await activeIn("2026-02-27", "2026-03-31"), await activeIn("2026-03-01", "2026-03-01")], ["3", "3", "2", "0"]);
      // The reply and the two favourite deliveries count once each; a remote account's boost is not this server's interaction, a local one's is.
      assert.equal(interactions!.total, "3");
    });

    it("counts a hashtag's uses, accounts and other servers, and a server's statuses, follows and reports", async () => {
      const asked = await measures({
        keys: ["tag_uses", "tag_accounts", "tag_servers", "instance_statuses", "instance_accounts", "instance_follows", "instance_followers", "instance_reports", "opened_reports"],
        tags: { tag_uses: "#Cats", tag_accounts: "cats", tag_servers: "cats" },
        domains: { instance_statuses: "remote.example", instance_accounts: "remote.example", instance_follows: "remote.example", instance_followers: "remote.example", instance_reports: "remote.example" },
      });
      const totals = Object.fromEntries(asked.map((m) => [m.key, m.total]));
      assert.deepEqual(totals, { tag_uses: "3", tag_accounts: "3", tag_servers: "1", instance_statuses: "2", instance_accounts: "1", instance_follows: "1", instance_followers: "1", instance_reports: "1", opened_reports: "1" });
      // A server's media is the bytes its attachments' stored files occupy now, on the day each was first stored.
      const [bytes] = await measures({ keys: ["instance_media_attachments"], domains: { instance_media_attachments: "remote.example" } });
      assert.deepEqual([bytes!.total, bytes!.unit, bytes!.humanValue, bytes!.previousTotal], ["3000000", "bytes", "2.86 MB", undefined]);
      assert.deepEqual(bytes!.data.map((p) => p.value), ["0", "3000000", "0", "0", "0", "0", "0"]);
      // Instance totals are all time (account 20 came in February), without a previous_total.
      assert.equal(asked.find((m) => m.key === "instance_accounts")!.previousTotal, undefined);
      assert.equal(asked.find((m) => m.key === "tag_uses")!.previousTotal, "0");
    });

    it("refuses a missing or malformed date, a reversed span, a missing per-key parameter, and callers without view_dashboard", async () => {
      await assert.rejects(measures({ keys: ["new_users"], startAt: undefined }), grpcCode(GrpcStatus.INVALID_ARGUMENT));
      await assert.rejects(measures({ keys: ["new_users"], startAt: "" }), grpcCode(GrpcStatus.INVALID_ARGUMENT));
      await assert.rejects(measures({ keys: ["new_users"], startAt: "2026-02-30" }), grpcCode(GrpcStatus.INVALID_ARGUMENT));
      await assert.rejects(measures({ keys: ["new_users"], startAt: "2026-03-09" }), grpcCode(GrpcStatus.INVALID_ARGUMENT));
      await assert.rejects(measures({ keys: ["tag_uses"] }), grpcCode(GrpcStatus.INVALID_ARGUMENT));
      const user = await service.as({ accountId: "10", role: "" });
      await assert.rejects(dashboard.getMeasures({ keys: ["new_users"], startAt: "2026-03-02", endAt: "2026-03-08", tags: {}, domains: {} }, user), grpcCode(GrpcStatus.PERMISSION_DENIED));
    });

    it("answers dimensions: servers, languages, a tag's servers and languages, a server's accounts, space usage and versions", async () => {
      const request = { keys: ["servers", "languages", "tag_servers", "tag_languages", "instance_accounts", "instance_languages", "space_usage", "software_versions", "sources"], startAt: "2026-03-02", endAt: "2026-03-08", tags: { tag_servers: "cats", tag_languages: "cats" }, domains: { instance_accounts: "remote.example", instance_languages: "remote.example" }, limit: 5 };
      const dims = Object.fromEntries((await dashboard.getDimensions(request, staff)).dimensions.map((d) => [d.key, d.data]));
      assert.deepEqual(dims.servers!.map((i) => [i.key, i.value]), [["social.test", "2"], ["remote.example", "2"]]);
      assert.deepEqual(dims.languages!.map((i) => [i.key, i.humanKey, i.value]), [["de", "German", "1"], ["fr", "French", "1"]]);
      assert.deepEqual(dims.tag_servers!.map((i) => [i.key, i.value]), [["social.test", "2"], ["remote.example", "1"]]);
      assert.deepEqual(dims.tag_languages!.map((i) => [i.key, i.value]), [["en", "2"], ["fr", "1"]]);
      assert.deepEqual(dims.instance_accounts!.map((i) => [i.key, i.humanKey, i.value]), [["20", "rem@remote.example", "2"]]);
      assert.deepEqual(dims.instance_languages!.map((i) => [i.key, i.value]), [["en", "1"], ["fr", "1"]]);
      assert.equal(dims.space_usage![0]!.unit, "bytes");
      assert.ok(Number(dims.space_usage![0]!.value) > 0);
      assert.deepEqual(dims.software_versions!.map((i) => i.key), ["starling", "node", "postgresql"]);
      // No sign-up in this week came through an app but bo's.
      assert.deepEqual(dims.sources!.map((i) => [i.key, i.humanKey, i.value]), [["Tusky", "Tusky", "1"]]);
    });

    it("counts sign-ups by the app they came through (sources), within the span", async () => {
      const [sources] = (await dashboard.getDimensions({ keys: ["sources"], startAt: "2026-03-02", endAt: "2026-04-02", tags: {}, domains: {} }, staff)).dimensions;
      assert.deepEqual(sources!.data.map((i) => [i.key, i.value]), [["Tusky", "2"], ["Elk", "1"]]);
      const [top] = (await dashboard.getDimensions({ keys: ["sources"], startAt: "2026-02-01", endAt: "2026-04-02", tags: {}, domains: {}, limit: 1 }, staff)).dimensions;
      assert.deepEqual(top!.data.map((i) => [i.key, i.value]), [["Tusky", "3"]]);
    });

    it("groups local sign-ups into day cohorts with the share that signed in each later day", async () => {
      const { cohorts } = await dashboard.getRetention({ startAt: "2026-03-02", endAt: "2026-03-04" }, staff);
      assert.deepEqual(cohorts.map((c) => c.period), ["2026-03-02T00:00:00.000Z", "2026-03-03T00:00:00.000Z"]);
      assert.deepEqual(cohorts.map((c) => c.frequency), ["day", "day"], "no frequency asked: day");
      assert.deepEqual(cohorts[0]!.data.map((p) => [p.date.slice(0, 10), p.value, p.rate]), [["2026-03-02", "1", 1], ["2026-03-03", "0", 0], ["2026-03-04", "0", 0]]);
      assert.deepEqual(cohorts[1]!.data.map((p) => [p.date.slice(0, 10), p.value, p.rate]), [["2026-03-03", "0", 0], ["2026-03-04", "1", 1]]);
      await assert.rejects(dashboard.getRetention({ startAt: "2026-03-02", endAt: "2026-03-04", frequency: "week" }, staff), grpcCode(GrpcStatus.INVALID_ARGUMENT));
    });

    it("reports this week's local statuses, logins and registrations first among 12 weeks", async () => {
      const now = new Date();
      await publish("account.created", "30", { accountId: "30", username: "today" }, now);
      await publish("user.signed_in", "30", { accountId: "30", signedInAt: now }, now);
      await publish("status.created", "300", { statusId: "300", accountId: "30", visibility: "public", local: true, mentionedAccountIds: [], createdAt: now, tags: [], hasMedia: false }, now);
      await settled();
      const { weeks } = await dashboard.getInstanceActivity({});
      assert.equal(weeks.length, 12);
      assert.deepEqual({ ...weeks[0], week: undefined }, { week: undefined, statuses: "1", logins: "1", registrations: "1" });
      assert.equal(new Date(Number(weeks[0]!.week) * 1000).getUTCDay(), 1);
      assert.equal(Number(weeks[0]!.week) - Number(weeks[1]!.week), 7 * 86_400);
    });
  });
}
