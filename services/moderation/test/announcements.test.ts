// Announcements over gRPC with the real accounts and statuses beside moderation: states and the scheduler, read marks and reactions per user.
import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { decodePayload } from "@starling/events";
import { AnnouncementsServiceClient, type Announcement } from "@starling/proto/moderation/v1/announcements";
import { CustomEmojisServiceClient } from "@starling/proto/statuses/v1/custom_emojis";
import { connectService, OPERATOR_ROLE, signViewer, type AsyncClient } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { backends, startModerationHarness, VIEWER_SECRET, type ModerationHarness } from "./support/moderation-harness.ts";
import { startPeers, type Peers } from "./support/peers.ts";
import { publishDueAnnouncements } from "../src/use-cases/publish-due-announcements.ts";

const grpcCode = (code: GrpcStatus) => (error: unknown) => (error as { code?: number }).code === code;
const HOUR_MS = 60 * 60_000;

for (const backend of backends) {
  describe(`announcements on ${backend.name}`, function () {
    this.timeout(60_000);
    let service: ModerationHarness;
    let peers: Peers;
    let announcements: AsyncClient<AnnouncementsServiceClient>;
    let clockOffsetMs = 0;
    const ids = { admin: "", ana: "", ben: "" };
    before(async function () {
      this.timeout(180_000);
      service = await startModerationHarness(backend.url, {
        now: () => new Date(Date.now() + clockOffsetMs),
        env: { ANNOUNCEMENTS_INTERVAL_MS: "100" },
        before: async (infra, context) => {
          peers = await startPeers(infra, context);
          return peers.env;
        },
      });
      announcements = connectService(AnnouncementsServiceClient, service.address, { deadlineMs: 10_000 });
      ids.admin = await peers.createAccount("boss", "Admin");
      ids.ana = await peers.createAccount("ana");
      ids.ben = await peers.createAccount("ben");
      const emojis = connectService(CustomEmojisServiceClient, peers.env.STATUSES_GRPC_URL!, { deadlineMs: 10_000 });
      const owner = await signViewer(VIEWER_SECRET, { scopes: ["admin:write"], role: OPERATOR_ROLE });
      await emojis.createCustomEmoji({ shortcode: "blobcat", url: "https://social.test/emoji/blobcat.png", staticUrl: "https://social.test/emoji/blobcat-static.png", visibleInPicker: true, overwrite: false }, { viewerToken: owner });
      emojis.close();
    });
    after(async () => {
      announcements?.close();
      await service?.stop();
    });

    const as = (accountId: string, role = "") => service.as({ accountId, role });
    const admin = () => as(ids.admin, "Admin");
    const listFor = async (accountId: string, withDismissed = false) => (await announcements.listAnnouncements({ withDismissed }, await as(accountId))).announcements;
    const eventsOf = (type: "announcement.published" | "announcement.updated") => service.events.filter((e) => e.type === type).map((e) => decodePayload(type, e).announcement!);
    const create = async (text: string, extra: Partial<{ startsAt: Date; endsAt: Date; allDay: boolean; scheduledAt: Date }> = {}) => announcements.createAnnouncement({ text, allDay: false, ...extra }, await admin());

    it("publishes an announcement saved without a schedule at once, rendered with its hashtags and mentions", async () => {
      const saved = await create("Welcome @ana! Read https://example.com/rules #meta :blobcat:");
      assert.equal(saved.published, true);
      assert.ok(saved.publishedAt);
      assert.match(saved.content, /<p>Welcome <span class="h-card">.*ana.*<\/span>! Read <a href="https:\/\/example.com\/rules"/);
      assert.match(saved.content, /href="https:\/\/social.test\/tags\/meta"/);
      assert.deepEqual(saved.mentions.map((m) => [m.id, m.acct]), [[ids.ana, "ana"]]);
      assert.deepEqual(saved.tags, ["meta"]);
      assert.deepEqual(saved.emojis.map((e) => e.shortcode), ["blobcat"]);
      assert.ok((await listFor(ids.ben)).some((a) => a.id === saved.id));
      await waitFor(() => eventsOf("announcement.published").some((a) => a.id === saved.id));
    });

    it("refuses all_day without a time range, half a range, an end before the start, and a year past 9999", async () => {
      const now = Date.now();
      await assert.rejects(create("All day?", { allDay: true }), grpcCode(GrpcStatus.INVALID_ARGUMENT));
      await assert.rejects(create("Half", { startsAt: new Date(now) }), grpcCode(GrpcStatus.INVALID_ARGUMENT));
      await assert.rejects(create("Backwards", { startsAt: new Date(now + HOUR_MS), endsAt: new Date(now) }), grpcCode(GrpcStatus.INVALID_ARGUMENT));
      await assert.rejects(create("   "), grpcCode(GrpcStatus.INVALID_ARGUMENT));
      await assert.rejects(create("Far", { scheduledAt: new Date("+012000-01-01T00:00:00Z") }), grpcCode(GrpcStatus.INVALID_ARGUMENT));
      const ranged = await create("Maintenance", { startsAt: new Date(now + HOUR_MS), endsAt: new Date(now + 2 * HOUR_MS), allDay: true });
      assert.equal(ranged.allDay, true);
    });

    it("lets only staff who may manage announcements write them", async () => {
      await assert.rejects(announcements.createAnnouncement({ text: "Hi", allDay: false }, await as(ids.ana)), grpcCode(GrpcStatus.PERMISSION_DENIED));
      await assert.rejects(announcements.listAllAnnouncements({}, await as(ids.ana)), grpcCode(GrpcStatus.PERMISSION_DENIED));
    });

    it("keeps a scheduled announcement from users until the scheduler publishes it when due, once", async () => {
      const scheduled = await create("Coming soon", { scheduledAt: new Date(Date.now() + HOUR_MS) });
      assert.equal(scheduled.published, false);
      assert.equal(scheduled.publishedAt, undefined);
      assert.ok(!(await listFor(ids.ana)).some((a) => a.id === scheduled.id));
      await assert.rejects(announcements.dismissAnnouncement({ id: scheduled.id }, await as(ids.ana)), grpcCode(GrpcStatus.NOT_FOUND));
      assert.ok((await announcements.listAllAnnouncements({}, await admin())).announcements.some((a) => a.id === scheduled.id && !a.published));
      clockOffsetMs += HOUR_MS + 1_000;
      const listed = await waitFor(async () => (await listFor(ids.ana)).find((a) => a.id === scheduled.id));
      assert.ok(listed.publishedAt);
      await waitFor(() => eventsOf("announcement.published").some((a) => a.id === scheduled.id));
      assert.equal(eventsOf("announcement.published").filter((a) => a.id === scheduled.id).length, 1);
    });

    it("publishes from the stored schedule alone, as a restarted or another replica's scheduler would, once", async () => {
      const scheduled = await create("Stored", { scheduledAt: new Date(Date.now() + clockOffsetMs + 5 * HOUR_MS) });
      // A scheduler with nothing in memory but the database, its clock past the schedule.
      const fresh = { db: service.db, now: () => new Date(Date.now() + clockOffsetMs + 6 * HOUR_MS), nudgeRelay: () => {} };
      assert.equal(await publishDueAnnouncements(fresh, 50), 1);
      assert.equal(await publishDueAnnouncements(fresh, 50), 0);
      const stored = (await announcements.listAllAnnouncements({}, await admin())).announcements.find((a) => a.id === scheduled.id);
      assert.equal(stored?.published, true);
    });

    it("publishes at once an announcement saved with a schedule already past", async () => {
      const past = await create("Late", { scheduledAt: new Date(Date.now() + clockOffsetMs - 60_000) });
      assert.equal(past.published, true);
    });

    it("marks an announcement read for the user who dismissed it only", async () => {
      const saved = await create("Read me");
      await announcements.dismissAnnouncement({ id: saved.id }, await as(ids.ana));
      await announcements.dismissAnnouncement({ id: saved.id }, await as(ids.ana));
      assert.ok(!(await listFor(ids.ana)).some((a) => a.id === saved.id));
      assert.equal((await listFor(ids.ana, true)).find((a) => a.id === saved.id)?.read, true);
      assert.equal((await listFor(ids.ben)).find((a) => a.id === saved.id)?.read, false);
      await assert.rejects(announcements.dismissAnnouncement({ id: "123" }, await as(ids.ana)), grpcCode(GrpcStatus.NOT_FOUND));
    });

    it("counts reactions per user, with `me` for each viewer, idempotently, and announces each change", async () => {
      const saved = await create("React!");
      const react = async (accountId: string, name: string) => announcements.addAnnouncementReaction({ id: saved.id, name }, await as(accountId));
      await react(ids.ana, "👍");
      await react(ids.ana, "👍");
      await react(ids.ben, "👍");
      await react(ids.ben, "blobcat");
      await react(ids.ana, "👩🏽‍💻");
      const reactionsFor = async (accountId: string) => (await listFor(accountId)).find((a) => a.id === saved.id)!.reactions;
      assert.deepEqual(await reactionsFor(ids.ana), [
        { name: "👍", count: 2, me: true, url: undefined, staticUrl: undefined },
        { name: "blobcat", count: 1, me: false, url: "https://social.test/emoji/blobcat.png", staticUrl: "https://social.test/emoji/blobcat-static.png" },
        { name: "👩🏽‍💻", count: 1, me: true, url: undefined, staticUrl: undefined },
      ]);
      assert.deepEqual((await reactionsFor(ids.ben)).map((r) => r.me), [true, true, false]);
      await announcements.removeAnnouncementReaction({ id: saved.id, name: "👍" }, await as(ids.ana));
      await announcements.removeAnnouncementReaction({ id: saved.id, name: "👍" }, await as(ids.ana));
      assert.deepEqual((await reactionsFor(ids.ana)).map((r) => [r.name, r.count, r.me]), [["👍", 1, false], ["blobcat", 1, false], ["👩🏽‍💻", 1, true]]);
      const counts = () => service.events.filter((e) => e.type === "announcement.reaction").map((e) => decodePayload("announcement.reaction", e)).filter((r) => r.announcementId === saved.id);
      await waitFor(() => counts().length === 5);
      assert.deepEqual(counts().map((r) => [r.name, r.count]), [["👍", 1], ["👍", 2], ["blobcat", 1], ["👩🏽‍💻", 1], ["👍", 1]]);
    });

    it("refuses an unknown reaction name and a ninth distinct reaction", async () => {
      const saved = await create("Many");
      const react = async (name: string) => announcements.addAnnouncementReaction({ id: saved.id, name }, await as(ids.ana));
      await assert.rejects(react("nosuchemoji"), grpcCode(GrpcStatus.INVALID_ARGUMENT));
      await assert.rejects(react("hello world"), grpcCode(GrpcStatus.INVALID_ARGUMENT));
      for (const name of ["😀", "😁", "😂", "🤣", "😃", "😄", "😅", "😆"]) await react(name);
      await assert.rejects(react("😉"), grpcCode(GrpcStatus.INVALID_ARGUMENT));
      await react("😀");
    });

    it("streams a change to a published announcement again and takes a deleted one away", async () => {
      const saved = await create("Old text");
      const changed = await announcements.updateAnnouncement({ id: saved.id, text: "New #text", clearTimeRange: false }, await admin());
      assert.equal(changed.text, "New #text");
      assert.equal(changed.published, true);
      await waitFor(() => eventsOf("announcement.updated").some((a) => a.id === saved.id && a.text === "New #text"));
      await announcements.deleteAnnouncement({ id: saved.id }, await admin());
      assert.ok(!(await listFor(ids.ana, true)).some((a) => a.id === saved.id));
      await waitFor(() => service.events.some((e) => e.type === "announcement.deleted" && decodePayload("announcement.deleted", e).announcementId === saved.id));
      await assert.rejects(announcements.deleteAnnouncement({ id: saved.id }, await admin()), grpcCode(GrpcStatus.NOT_FOUND));
    });

    it("hides an announcement whose time range has ended", async () => {
      const now = Date.now() + clockOffsetMs;
      const saved = await create("Yesterday's outage", { startsAt: new Date(now - 2 * HOUR_MS), endsAt: new Date(now - HOUR_MS) });
      assert.ok(!(await listFor(ids.ana, true)).some((a) => a.id === saved.id));
    });
  });
}
