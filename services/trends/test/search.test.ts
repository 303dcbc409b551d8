// Full-text search over the read model fed by real accounts and statuses: who may find what, each operator, hashtags.
import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { SearchServiceClient } from "@starling/proto/trends/v1/search";
import { TrendsServiceClient } from "@starling/proto/trends/v1/trends";
import { connectService, PERMISSIONS, type AsyncClient } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { asUser, startSearchPeers, type SearchPeers } from "./support/search-peers.ts";
import { backends, startTrendsHarness, type TrendsHarness } from "./support/trends-harness.ts";

for (const backend of backends) {
  describe(`search on ${backend.name}`, function () {
    this.timeout(180_000);
    let service: TrendsHarness;
    let peers: SearchPeers;
    let search: AsyncClient<SearchServiceClient>;
    let trends: AsyncClient<TrendsServiceClient>;
    const ids: Record<string, string> = {};
    const posts: Record<string, string> = {};

    const find = async (viewer: string | undefined, q: string, extra: { accountId?: string; maxId?: string } = {}) => {
      const as = viewer ? await asUser(ids[viewer]!) : {};
      const { statusIds } = await search.searchStatuses({ q, limit: 40, offset: 0, ...extra }, as);
      return statusIds.map((id) => Object.keys(posts).find((name) => posts[name] === id) ?? id).sort();
    };
    const indexed = (statusId: string) => waitFor(async () => Boolean(await service.db.table("search_statuses").where({ id: statusId }).first()), { timeoutMs: 30_000 });

    before(async () => {
      service = await startTrendsHarness(backend.url, {
        before: async (infra, context) => {
          peers = await startSearchPeers(infra, context);
          return peers.env;
        },
      });
      search = connectService(SearchServiceClient, service.address, { deadlineMs: 10_000 });
      trends = connectService(TrendsServiceClient, service.address, { deadlineMs: 10_000 });
      for (const name of ["alice", "bob", "carol"]) ids[name] = await peers.createAccount(name);
      // Alice lets anyone find her public posts; Bob does not.
      await peers.profiles.updateCredentials({ indexable: true }, await asUser(ids.alice!));
      await waitFor(async () => (await service.db.table("search_accounts").where({ id: ids.alice, indexable: true }).first()) !== undefined, { timeoutMs: 30_000 });
      posts.aliceCoffee = await peers.post(ids.alice!, "Fresh coffee in the morning");
      posts.bobCoffee = await peers.post(ids.bob!, "Coffee is my whole morning");
      posts.aliceLink = await peers.post(ids.alice!, "Read about coffee https://example.com/beans", { sensitive: true, spoilerText: "beans" });
      posts.aliceGerman = await peers.post(ids.alice!, "Wir trinken Kaffee", { language: "de" });
      posts.carolReply = await peers.post(ids.carol!, "coffee? yes please", { inReplyToId: posts.aliceCoffee });
      posts.bobPrivate = await peers.post(ids.bob!, "secret coffee for @carol", { visibility: "private" });
      posts.carolTagged = await peers.post(ids.carol!, "More #Coffee today and #coffeetime");
      for (const id of Object.values(posts)) await indexed(id);
    });
    after(async () => {
      search?.close();
      trends?.close();
      await service?.stop();
    });

    it("finds open posts of indexable accounts, the viewer's own and those mentioning them, never others'", async () => {
      assert.deepEqual(await find("carol", "coffee"), ["aliceCoffee", "aliceLink", "bobPrivate", "carolReply", "carolTagged"]);
      assert.deepEqual(await find("bob", "coffee"), ["aliceCoffee", "aliceLink", "bobCoffee", "bobPrivate"]);
    });

    it("lets a viewer find a post they favourited, and forget it when they take the favourite back", async () => {
      await peers.interactions.favouriteStatus({ statusId: posts.bobCoffee! }, await asUser(ids.carol!));
      await waitFor(async () => (await find("carol", "whole")).includes("bobCoffee"), { timeoutMs: 30_000 });
      await peers.interactions.unfavouriteStatus({ statusId: posts.bobCoffee! }, await asUser(ids.carol!));
      await waitFor(async () => !(await find("carol", "whole")).includes("bobCoffee"), { timeoutMs: 30_000 });
    });

    it("lets a viewer find a post they bookmarked, and forget it when they remove the bookmark", async () => {
      await peers.interactions.bookmarkStatus({ statusId: posts.bobCoffee! }, await asUser(ids.carol!));
      await waitFor(async () => (await find("carol", "whole")).includes("bobCoffee"), { timeoutMs: 30_000 });
      await peers.interactions.unbookmarkStatus({ statusId: posts.bobCoffee! }, await asUser(ids.carol!));
      await waitFor(async () => !(await find("carol", "whole")).includes("bobCoffee"), { timeoutMs: 30_000 });
    });

    it("leaves out authors the viewer blocks, mutes or domain-blocks, and those blocking the viewer, until that ends", async () => {
      const dave = await peers.createAccount("dave");
      await peers.profiles.updateCredentials({ indexable: true }, await asUser(dave));
      await waitFor(async () => (await service.db.table("search_accounts").where({ id: dave, indexable: true }).first()) !== undefined, { timeoutMs: 30_000 });
      const far = await peers.remoteAccount("erin", "far.example", true);
      posts.daveLatte = await peers.post(dave, "latte art");
      posts.erinLatte = await peers.remotePost(far, "<p>latte foam</p>");
      for (const id of [posts.daveLatte, posts.erinLatte]) await indexed(id);
      const carol = await asUser(ids.carol!);
      const latte = (expected: string[]) => waitFor(async () => JSON.stringify(await find("carol", "latte")) === JSON.stringify(expected), { timeoutMs: 30_000, what: expected.join() });
      await latte(["daveLatte", "erinLatte"]);
      await peers.relationships.blockAccount({ targetAccountId: dave }, carol);
      await latte(["erinLatte"]);
      await peers.relationships.unblockAccount({ targetAccountId: dave }, carol);
      await latte(["daveLatte", "erinLatte"]);
      await peers.relationships.blockAccount({ targetAccountId: ids.carol! }, await asUser(dave));
      await latte(["erinLatte"]);
      await peers.relationships.unblockAccount({ targetAccountId: ids.carol! }, await asUser(dave));
      await peers.relationships.muteAccount({ targetAccountId: dave, notifications: true, duration: 0 }, carol);
      await latte(["erinLatte"]);
      await peers.relationships.unmuteAccount({ targetAccountId: dave }, carol);
      await peers.relationships.blockDomain({ domain: "far.example" }, carol);
      await latte(["daveLatte"]);
      await peers.relationships.unblockDomain({ domain: "far.example" }, carol);
      await latte(["daveLatte", "erinLatte"]);
      assert.deepEqual(await find("bob", "latte"), ["daveLatte", "erinLatte"], "others' blocks hide nothing from bob");
    });

    it("finds a remote account's public posts only while its actor says it is indexable", async () => {
      const quiet = await peers.remoteAccount("frank", "quiet.example", false);
      posts.frankMocha = await peers.remotePost(quiet, "<p>mocha beans</p>");
      await indexed(posts.frankMocha);
      assert.deepEqual(await find("carol", "mocha"), []);
      await peers.remoteAccount("frank", "quiet.example", true);
      await waitFor(async () => (await find("carol", "mocha")).includes("frankMocha"), { timeoutMs: 30_000, what: "frank's post once indexable" });
    });

    it("finds nothing for an anonymous viewer", async () => {
      assert.deepEqual(await find(undefined, "coffee"), []);
    });

    it("narrows to one author with from:, by handle, with the local domain, or as me", async () => {
      assert.deepEqual(await find("bob", "from:alice coffee"), ["aliceCoffee", "aliceLink"]);
      assert.deepEqual(await find("bob", "from:alice@social.test morning"), ["aliceCoffee"]);
      assert.deepEqual(await find("bob", "from:me coffee"), ["bobCoffee", "bobPrivate"]);
      assert.deepEqual(await find("bob", "from:nobody coffee"), []);
      assert.deepEqual(await find("bob", "coffee", { accountId: ids.alice! }), ["aliceCoffee", "aliceLink"]);
    });

    it("matches quoted phrases in order only", async () => {
      assert.deepEqual(await find("carol", `"in the morning"`), ["aliceCoffee"]);
      assert.deepEqual(await find("carol", `"morning the in"`), []);
    });

    it("applies has:, is:, language: and the date operators", async () => {
      assert.deepEqual(await find("carol", "coffee has:link"), ["aliceLink"]);
      assert.deepEqual(await find("carol", "coffee is:sensitive"), ["aliceLink"]);
      assert.deepEqual(await find("carol", "coffee is:reply"), ["carolReply"]);
      assert.deepEqual(await find("carol", "coffee has:poll"), []);
      assert.deepEqual(await find("carol", "kaffee language:de"), ["aliceGerman"]);
      assert.deepEqual(await find("carol", "coffee language:de"), []);
      assert.deepEqual(await find("carol", "coffee before:2000-01-01"), []);
      assert.deepEqual(await find("carol", "from:alice after:2000-01-01"), ["aliceCoffee", "aliceGerman", "aliceLink"]);
    });

    it("stems words in the post's language when language: names it", async () => {
      // "trinken" and "trinke" share the German stem; as written they differ.
      assert.deepEqual(await find("carol", "trinke"), []);
      assert.deepEqual(await find("carol", "trinke language:de"), ["aliceGerman"]);
    });

    it("pages newest first below max_id", async () => {
      const { statusIds } = await search.searchStatuses({ q: "coffee", limit: 2, offset: 0 }, await asUser(ids.carol!));
      assert.deepEqual(statusIds, [posts.carolTagged, posts.bobPrivate]);
      const next = await search.searchStatuses({ q: "coffee", limit: 2, offset: 0, maxId: statusIds[1] }, await asUser(ids.carol!));
      assert.deepEqual(next.statusIds, [posts.carolReply, posts.aliceLink]);
    });

    it("pages immediately above min_id, newest first", async () => {
      const { statusIds } = await search.searchStatuses({ q: "coffee", limit: 2, offset: 0, minId: posts.aliceCoffee }, await asUser(ids.carol!));
      assert.deepEqual(statusIds, [posts.carolReply, posts.aliceLink]);
      await assert.rejects(search.searchStatuses({ q: "coffee", limit: 2, offset: 0, minId: "not-an-id" }, await asUser(ids.carol!)), (error: { code?: number }) => error.code === GrpcStatus.INVALID_ARGUMENT);
    });

    it("refuses a malformed query as INVALID_ARGUMENT, anonymous or not", async () => {
      for (const viewer of [undefined, "carol"]) {
        await assert.rejects(find(viewer, "coffee has:video"), (error: { code?: number }) => error.code === GrpcStatus.INVALID_ARGUMENT);
      }
    });

    it("forgets a deleted post", async () => {
      const gone = await peers.post(ids.alice!, "ephemeral espresso");
      await indexed(gone);
      await peers.statuses.deleteStatus({ id: gone }, await asUser(ids.alice!));
      await waitFor(async () => (await find("carol", "espresso")).length === 0, { timeoutMs: 30_000 });
    });

    it("finds hashtags by prefix, the exact name first", async () => {
      assert.deepEqual((await search.searchTags({ q: "#Coffee", limit: 10, offset: 0 })).names, ["coffee", "coffeetime"]);
      assert.deepEqual((await search.searchTags({ q: "coffeet", limit: 10, offset: 0 })).names, ["coffeetime"]);
      assert.deepEqual((await search.searchTags({ q: "tea", limit: 10, offset: 0 })).names, []);
    });

    it("keeps only hashtags staff reviewed for trends when asked to exclude unreviewed ones", async () => {
      const staff = await service.as({ accountId: "1", role: { id: "7", name: "Taxonomist", permissions: PERMISSIONS.manage_taxonomies, position: 10 } });
      const tagId = await waitFor(async () => (await service.db.table("trend_tags").where({ name: "coffeetime" }).first())?.id as string | undefined, { timeoutMs: 30_000 });
      assert.deepEqual((await search.searchTags({ q: "coffee", limit: 10, offset: 0, excludeUnreviewed: true })).names, []);
      await trends.reviewTrend({ kind: "tag", id: String(tagId), approve: false }, staff);
      assert.deepEqual((await search.searchTags({ q: "coffee", limit: 10, offset: 0, excludeUnreviewed: true })).names, ["coffeetime"]);
      assert.deepEqual((await search.searchTags({ q: "coffee", limit: 10, offset: 0 })).names, ["coffee", "coffeetime"]);
    });
  });
}
