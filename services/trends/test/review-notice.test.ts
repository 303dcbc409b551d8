// The spec's limit on review notices: staff who may review trends (manage_taxonomies, read from the
// real accounts service) hear of pending candidates at most once every 2 hours, however often trends
// are refreshed meanwhile.
import assert from "node:assert/strict";
import { decodePayload, encodePayload, EVENT_CATALOG, INBOX_TABLE, newEnvelope } from "@starling/events";
import { TrendsServiceClient } from "@starling/proto/trends/v1/trends";
import { connectService, PERMISSIONS, type AsyncClient } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { startSearchPeers, type SearchPeers } from "./support/search-peers.ts";
import { backends, startTrendsHarness, type TrendsHarness } from "./support/trends-harness.ts";

const START = new Date("2026-11-26T12:00:00Z");
const MINUTE = 60_000;

for (const backend of backends) {
  describe(`trend review notices on ${backend.name}`, function () {
    this.timeout(120_000);
    let service: TrendsHarness;
    let peers: SearchPeers;
    let trends: AsyncClient<TrendsServiceClient>;
    let staff: { viewerToken: string };
    let reviewerId: string;
    let now = START;
    let statusIds = 5000;

    // Uses of a new hashtag by three accounts: a candidate that awaits review.
    const candidate = async (tag: string) => {
      for (const accountId of ["1", "2", "3"]) {
        const statusId = String(++statusIds);
        const payload = { statusId, accountId, visibility: "public", local: true, mentionedAccountIds: [], createdAt: now, language: "en", tags: [tag], hasMedia: false };
        await service.bus.publish(EVENT_CATALOG["status.created"].topic, [newEnvelope({ type: "status.created", source: "test", key: statusId, payload: encodePayload("status.created", payload) })]);
      }
      const seen = statusIds - 5000;
      await waitFor(async () => Number((await service.db.table(INBOX_TABLE).where({ consumer: "trends.read-models" }).count({ n: "*" }).first())?.n) >= seen, { timeoutMs: 30_000, what: "the uses read" });
    };
    const notices = () => service.events.filter((e) => e.type === "trends.review_requested").map((e) => decodePayload("trends.review_requested", e));
    const refreshAt = async (at: Date) => {
      now = at;
      await trends.refreshTrends({}, staff);
    };

    before(async () => {
      service = await startTrendsHarness(backend.url, {
        now: () => now,
        scheduler: false,
        env: { TRENDS_TAG_MIN_ACCOUNTS: "3" },
        before: async (infra, context) => {
          peers = await startSearchPeers(infra, context);
          return peers.env;
        },
      });
      trends = connectService(TrendsServiceClient, service.address, { deadlineMs: 20_000 });
      reviewerId = await peers.createAccount("reviewer", "Admin");
      staff = await service.as({ accountId: reviewerId, role: { id: "7", name: "Taxonomist", permissions: PERMISSIONS.manage_taxonomies, position: 10 } });
    });
    after(async () => {
      trends?.close();
      await service?.stop();
    });

    it("tells staff of pending candidates once, not again within 2 hours, and again after them", async () => {
      await candidate("herons");
      await refreshAt(START);
      await waitFor(() => notices().length === 1, { timeoutMs: 30_000, what: "the first notice" });
      assert.ok(notices()[0]!.staffAccountIds.includes(reviewerId));
      assert.equal(notices()[0]!.tags, 1);

      // A new candidate and refreshes within the 2 hours: no second notice.
      await candidate("egrets");
      await refreshAt(new Date(START.getTime() + 60 * MINUTE));
      await refreshAt(new Date(START.getTime() + 119 * MINUTE));
      // The notice and its time commit together: the time standing means none was sent.
      assert.equal(new Date((await service.db.table("trend_refresh").first("review_notice_at")).review_notice_at).getTime(), START.getTime(), "the notice time stands");

      await refreshAt(new Date(START.getTime() + 120 * MINUTE));
      await waitFor(() => notices().length >= 2, { timeoutMs: 30_000, what: "the notice after 2 hours" });
      // The outbox relays in order, so a notice wrongly sent within the 2 hours would have come before this one.
      assert.deepEqual(notices().map((n) => n.tags), [1, 2]);
    });
  });
}
