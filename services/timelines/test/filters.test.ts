import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { decodePayload } from "@starling/events";
import { FiltersServiceClient } from "@starling/proto/timelines/v1/filters";
import { connectService, type AsyncClient } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { backends } from "./backends.ts";
import { startHarness, type Harness } from "./harness.ts";
import { accounts } from "./scenario.ts";

const codeOf = (promise: Promise<unknown>) => promise.then(() => "resolved", (e: { code?: number }) => e.code);

for (const backend of backends()) {
  describe(`filters, on ${backend.name}`, function () {
    this.timeout(60_000);
    let h: Harness;
    let client: AsyncClient<FiltersServiceClient>;
    const { owner, stranger } = accounts("owner", "stranger");
    const changesOf = (accountId: string) => h.published.filter((e) => e.type === "filters.changed" && e.key === accountId).map((e) => decodePayload("filters.changed", e));

    before(async function () {
      h = await startHarness(await backend.database(), backend.kv());
      client = connectService(FiltersServiceClient, `127.0.0.1:${h.grpcPort}`, { deadlineMs: 10_000 });
    });

    after(async function () {
      client?.close();
      await h?.stop();
      await backend.close();
    });

    it("publishes one filters.changed per change, however many keywords it touches, with every filter and a growing version", async function () {
      const as = await h.as(owner);
      const created = (await client.createFilter({ title: "Words", context: ["home", "home"], keywords: [{ keyword: " one ", destroy: false }, { keyword: "two", wholeWord: false, destroy: false }] }, as)).filter!;
      assert.deepEqual([created.context, created.filterAction, created.keywords.map((k) => [k.keyword, k.wholeWord])], [["home"], "warn", [["one", true], ["two", false]]]);
      const [one, two] = created.keywords;
      await client.updateFilter({ id: created.id, keywords: [{ id: one!.id, keyword: "uno", destroy: false }, { id: two!.id, destroy: true }, { keyword: "three", destroy: false }, { keyword: "four", destroy: false }] }, as);
      await client.createFilter({ title: "Posts", context: ["thread"], keywords: [] }, as);
      await waitFor(() => changesOf(owner).length >= 3, { timeoutMs: 20_000, what: "three filters.changed" });
      const changes = changesOf(owner);
      assert.deepEqual(changes.map((c) => c.version), [1, 2, 3]);
      assert.deepEqual(changes[1]!.filters.map((f) => f.keywords.map((k) => k.keyword)), [["uno", "three", "four"]]);
      assert.deepEqual(changes[2]!.filters.map((f) => f.title), ["Words", "Posts"]);
    });

    it("refuses unknown contexts and actions, blank keywords and keywords of another filter; another account's filter does not exist", async function () {
      const as = await h.as(owner);
      assert.equal(await codeOf(client.createFilter({ title: "x", context: ["everywhere"], keywords: [] }, as)), GrpcStatus.INVALID_ARGUMENT);
      assert.equal(await codeOf(client.createFilter({ title: "x", context: ["home"], filterAction: "drop", keywords: [] }, as)), GrpcStatus.INVALID_ARGUMENT);
      assert.equal(await codeOf(client.createFilter({ title: "x", context: ["home"], keywords: [{ keyword: "  ", destroy: false }] }, as)), GrpcStatus.INVALID_ARGUMENT);
      const a = (await client.createFilter({ title: "A", context: ["home"], keywords: [{ keyword: "a", destroy: false }] }, as)).filter!;
      const b = (await client.createFilter({ title: "B", context: ["home"], keywords: [] }, as)).filter!;
      assert.equal(await codeOf(client.updateFilter({ id: b.id, keywords: [{ id: a.keywords[0]!.id, destroy: true }] }, as)), GrpcStatus.NOT_FOUND);
      assert.equal(await codeOf(client.getFilter({ id: a.id }, await h.as(stranger))), GrpcStatus.NOT_FOUND);
      assert.equal(await codeOf(client.getFilterKeyword({ id: a.keywords[0]!.id }, await h.as(stranger))), GrpcStatus.NOT_FOUND);
    });

    it("lets the v1 update change a filter's settings only while it has one keyword", async function () {
      const as = await h.as(owner);
      const single = (await client.createFilter({ title: "one", context: ["home"], keywords: [{ keyword: "one", destroy: false }] }, as)).filter!;
      const changed = await client.updateLegacyFilter({ id: single.keywords[0]!.id, phrase: "uno", irreversible: true, context: { values: ["public"] } }, as);
      assert.deepEqual([changed.keyword!.keyword, changed.filter!.filterAction, changed.filter!.context], ["uno", "hide", ["public"]]);
      const pair = (await client.createFilter({ title: "two", context: ["home"], keywords: [{ keyword: "x", destroy: false }, { keyword: "y", destroy: false }] }, as)).filter!;
      assert.equal(await codeOf(client.updateLegacyFilter({ id: pair.keywords[0]!.id, irreversible: true }, as)), GrpcStatus.INVALID_ARGUMENT);
      const renamed = await client.updateLegacyFilter({ id: pair.keywords[0]!.id, phrase: "z" }, as);
      assert.deepEqual(renamed.filter!.keywords.map((k) => k.keyword), ["z", "y"]);
    });
  });
}
