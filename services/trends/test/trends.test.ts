// Trends computed from events: scores, half-lives, distinct accounts, silenced accounts and servers, one post per
// author, the link threshold and article cards, and review gating.
import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { encodePayload, EVENT_CATALOG, INBOX_TABLE, newEnvelope, type EventType, type PayloadOf } from "@starling/events";
import { TrendsServiceClient } from "@starling/proto/trends/v1/trends";
import { connectService, PERMISSIONS, type AsyncClient } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { backends, startTrendsHarness, type TrendsHarness } from "./support/trends-harness.ts";

const NOW = new Date("2026-11-26T12:00:00Z");
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const grpcCode = (code: GrpcStatus) => (error: unknown) => (error as { code?: number }).code === code;

for (const backend of backends) {
  describe(`trends on ${backend.name}`, function () {
    this.timeout(120_000);
    let service: TrendsHarness;
    let trends: AsyncClient<TrendsServiceClient>;
    let staff: { viewerToken: string };
    let ids = 1000;
    let published = 0;
    const publish = async <T extends EventType>(type: T, key: string, payload: PayloadOf<T>) => {
      published++;
      await service.bus.publish(EVENT_CATALOG[type].topic, [newEnvelope({ type, source: "test", key, payload: encodePayload(type, payload) })]);
    };
    const post = async (accountId: string, options: { tags?: string[]; language?: string; at?: Date; reply?: boolean } = {}) => {
      const statusId = String(++ids);
      await publish("status.created", statusId, {
        statusId,
        accountId,
        visibility: "public",
        local: true,
        mentionedAccountIds: [],
        createdAt: options.at ?? NOW,
        language: options.language ?? "en",
        tags: options.tags ?? [],
        hasMedia: false,
        inReplyToId: options.reply ? "1" : undefined,
      });
      return statusId;
    };
    const favourite = (statusId: string, accountId: string) =>
      publish("favourite.created", statusId, { favouriteId: String(++ids), accountId, statusId, statusAccountId: "0", createdAt: NOW });
    // Every event this file publishes is one the read models take, each leaving an inbox row.
    const settled = () =>
      waitFor(async () => Number((await service.db.table(INBOX_TABLE).count({ n: "*" }).first())?.n) >= published, { timeoutMs: 30_000, what: "read models" });
    const refresh = async () => {
      await settled();
      return trends.refreshTrends({}, staff);
    };

    before(async function () {
      service = await startTrendsHarness(backend.url, { now: () => NOW, scheduler: false, env: { TRENDS_TAG_MIN_ACCOUNTS: "3", TRENDS_STATUS_MIN_INTERACTIONS: "2" } });
      trends = connectService(TrendsServiceClient, service.address, { deadlineMs: 20_000 });
      // A custom role holding manage_taxonomies alone.
      staff = await service.as({ accountId: "1", role: { id: "7", name: "Taxonomist", permissions: PERMISSIONS.manage_taxonomies, position: 10 } });
    });
    after(async () => {
      trends?.close();
      await service?.stop();
    });

    it("trends a hashtag used by enough distinct accounts once approved, ignoring silenced accounts and repeat uses", async () => {
      await publish("account.restricted", "4", { accountId: "4", silenced: true, sensitized: false, disabled: false });
      for (const account of ["1", "2", "3"]) await post(account, { tags: ["birds"] });
      for (let i = 0; i < 5; i++) await post("1", { tags: ["cats"] });
      await post("2", { tags: ["cats"] });
      for (const account of ["1", "2", "4"]) await post(account, { tags: ["fish"] });
      await refresh();

      assert.deepEqual((await trends.listTrendingTags({ offset: 0, review: false })).tags, [], "nothing trends before review");
      const review = (await trends.listTrendingTags({ offset: 0, review: true }, staff)).tags;
      assert.deepEqual(review.map((t) => [t.name, t.review?.requiresReview]), [["birds", true]]);
      await trends.reviewTrend({ kind: "tag", id: review[0]!.id, approve: true }, staff);
      const [birds, ...rest] = (await trends.listTrendingTags({ offset: 0, review: false, language: "de" })).tags;
      assert.equal(rest.length, 0);
      assert.equal(birds!.name, "birds");
      assert.deepEqual([birds!.history.length, birds!.history[0]!.uses, birds!.history[0]!.accounts, birds!.history[0]!.day], [7, 3, 3, Math.floor(NOW.getTime() / 86_400_000) * 86_400]);
    });

    it("halves a hashtag's weight per day of age and drops a rejected one", async () => {
      for (const account of ["11", "12", "13"]) await post(account, { tags: ["old"], at: ago(48 * HOUR) });
      for (const account of ["11", "12", "13"]) await post(account, { tags: ["new"] });
      await refresh();
      const review = (await trends.listTrendingTags({ offset: 0, review: true }, staff)).tags;
      const score = (name: string) => review.find((t) => t.name === name)!.score;
      assert.ok(Math.abs(score("old") / score("new") - 0.25) < 1e-6, `old/new = ${score("old") / score("new")}`);
      await trends.reviewTrend({ kind: "tag", id: review.find((t) => t.name === "new")!.id, approve: false }, staff);
      assert.ok(!(await trends.listTrendingTags({ offset: 0, review: false })).tags.some((t) => t.name === "new"));
    });

    it("trends one post per author, not replies, halving per two hours, once the author is approved", async () => {
      const best = await post("20");
      const second = await post("20");
      const reply = await post("21", { reply: true });
      const older = await post("22", { at: ago(2 * HOUR) });
      for (const fan of ["30", "31", "32"]) await Promise.all([favourite(best, fan), favourite(reply, fan), favourite(older, fan)]);
      for (const fan of ["30", "31"]) await favourite(second, fan);
      await refresh();
      assert.deepEqual((await trends.listTrendingStatuses({ offset: 0, review: false })).statuses, []);
      const review = (await trends.listTrendingStatuses({ offset: 0, review: true }, staff)).statuses;
      assert.deepEqual(review.map((s) => s.statusId), [best, older]);
      assert.ok(Math.abs(review[1]!.score / review[0]!.score - 0.5) < 1e-6);
      await trends.reviewTrend({ kind: "account", id: "20", approve: true }, staff);
      assert.deepEqual((await trends.listTrendingStatuses({ offset: 0, review: false })).statuses.map((s) => s.statusId), [best]);
    });

    it("trends an article link shared by 15 distinct accounts once its publisher is approved, and not before", async () => {
      const share = async (account: string, cardId: string, linkType: string) => {
        const statusId = await post(account);
        await publish("card.created", statusId, { statusId, cardId, url: `https://news.example/${cardId}`, cardUrl: `https://news.example/${cardId}`, linkType });
      };
      for (let i = 0; i < 15; i++) await Promise.all([share(`4${i}`, "900", "article"), share(`5${i}`, "901", "unknown"), i < 14 ? share(`6${i}`, "902", "article") : undefined]);
      await refresh();
      assert.deepEqual((await trends.listTrendingLinks({ offset: 0, review: false })).links, []);
      const review = (await trends.listTrendingLinks({ offset: 0, review: true }, staff)).links;
      assert.deepEqual(review.map((l) => [l.cardId, l.publisher, l.history[0]!.accounts]), [["900", "news.example", 15]]);
      assert.deepEqual((await trends.listLinkPublishers({}, staff)).publishers.map((p) => [p.domain, p.review?.requiresReview]), [["news.example", true]]);
      await trends.reviewTrend({ kind: "publisher", id: "news.example", approve: true }, staff);
      assert.deepEqual((await trends.listTrendingLinks({ offset: 0, review: false })).links.map((l) => l.url), ["https://news.example/900"]);
    });

    it("says where the pages beside a listed one start: the next only after a full page, the previous unless at the top", async () => {
      const all = (await trends.listTrendingTags({ offset: 0, limit: 100, review: true }, staff)).tags.length;
      assert.ok(all >= 3, `${all} candidates`);
      const first = await trends.listTrendingTags({ offset: 0, limit: 1, review: true }, staff);
      assert.deepEqual([first.page?.nextOffset, first.page?.prevOffset], [1, undefined]);
      const last = await trends.listTrendingTags({ offset: all - 1, limit: 2, review: true }, staff);
      assert.deepEqual([last.tags.length, last.page?.nextOffset, last.page?.prevOffset], [1, undefined, Math.max(all - 3, 0)]);
    });

    it("takes the limit by the cursor pages' rule: 0 an empty page that links no next one, a negative one its size", async () => {
      const empty = await trends.listTrendingTags({ offset: 0, limit: 0, review: true }, staff);
      assert.deepEqual([empty.tags.length, empty.page?.nextOffset], [0, undefined]);
      assert.equal((await trends.listTrendingTags({ offset: 0, limit: -2, review: true }, staff)).tags.length, 2);
    });

    it("refuses the review view, reviews and refreshes to those without manage_taxonomies, and unknown items", async () => {
      const user = await service.as({ accountId: "77" });
      await assert.rejects(trends.listTrendingTags({ offset: 0, review: true }, user), grpcCode(GrpcStatus.PERMISSION_DENIED));
      await assert.rejects(trends.reviewTrend({ kind: "tag", id: "1", approve: true }, user), grpcCode(GrpcStatus.PERMISSION_DENIED));
      await assert.rejects(trends.refreshTrends({}, user), grpcCode(GrpcStatus.PERMISSION_DENIED));
      await assert.rejects(trends.reviewTrend({ kind: "tag", id: "123456789", approve: true }, staff), grpcCode(GrpcStatus.NOT_FOUND));
      await assert.rejects(trends.reviewTrend({ kind: "colour", id: "1", approve: true }, staff), grpcCode(GrpcStatus.INVALID_ARGUMENT));
      await assert.rejects(trends.listTrendingTags({ offset: -1, review: false }), grpcCode(GrpcStatus.INVALID_ARGUMENT));
    });

    it("leaves out the uses and favourites of a silenced server's accounts (subdomains and ports too) until the block is lifted", async () => {
      for (const [id, domain] of [["61", "quiet.example"], ["62", "sub.quiet.example:8443"], ["63", "loud.example"]] as const) await publish("account.created", id, { accountId: id, username: `u${id}`, domain });
      const block = { blockId: "9501", domain: "quiet.example", severity: "silence", rejectMedia: false, rejectReports: false, previousSeverity: undefined };
      await publish("admin_domain_block.created", block.blockId, block);
      for (const account of ["61", "62", "63", "64"]) await post(account, { tags: ["seals"] });
      const hushed = await post("65");
      for (const fan of ["61", "62", "63"]) await favourite(hushed, fan);
      await waitFor(async () => (await service.db.table("trend_accounts").where({ account_id: "62" }).first()) && (await service.db.table("trend_domain_blocks").where({ block_id: "9501" }).first()), { what: "the servers and the block" });
      await refresh();
      const scored = async () => ({
        tags: (await trends.listTrendingTags({ offset: 0, review: true }, staff)).tags.map((t) => t.name),
        statuses: (await trends.listTrendingStatuses({ offset: 0, review: true }, staff)).statuses.map((st) => st.statusId),
      });
      assert.ok(!(await scored()).tags.includes("seals"), "two counted accounts are fewer than three");
      assert.ok(!(await scored()).statuses.includes(hushed), "one counted favourite is fewer than two");

      await publish("admin_domain_block.removed", block.blockId, { blockId: block.blockId, domain: block.domain });
      await waitFor(async () => (await service.db.table("trend_domain_blocks").where({ block_id: "9501", removed: true }).first()) ?? undefined, { what: "the block lifted" });
      await refresh();
      assert.ok((await scored()).tags.includes("seals"));
      assert.ok((await scored()).statuses.includes(hushed));
    });
  });
}
