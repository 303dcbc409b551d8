import assert from "node:assert/strict";
import { encodePayload, EVENT_CATALOG, newEnvelope } from "@starling/events";
import type { Filter } from "@starling/proto/timelines/v1/filters";
import { createEmbeddedStore } from "@starling/kv";
import { waitFor } from "@starling/testkit";
import { viewerFilters } from "../src/read-models/viewer-filters.ts";
import { backends, statusRequest as request } from "./support/status-request.ts";
import { startStatusesHarness, type StatusesHarness } from "./support/statuses-harness.ts";

// The viewer's filters reach status pages as the timelines service publishes them (filters.changed).
for (const backend of backends) {
  describe(`status pages with the viewer's filters, on ${backend.name}`, function () {
    this.timeout(60_000);
    let service: StatusesHarness;
    let alice: string, bob: string;
    let version = 0;
    const filter = (id: string, filterAction: string, keyword: string, extra: Partial<Filter> = {}): Filter => ({ id, title: `${filterAction} ${keyword}`, context: ["home"], filterAction, keywords: [{ id: `${id}0`, keyword, wholeWord: true }], statuses: [], ...extra });
    const publishFilters = async (accountId: string, filters: Filter[]) => {
      const payload = { accountId, version: ++version, filters };
      await service.bus.publish(EVENT_CATALOG["filters.changed"].topic, [newEnvelope({ type: "filters.changed", source: "test", key: accountId, payload: encodePayload("filters.changed", payload) })]);
    };
    const page = async (ids: string[], filterContext?: string) => (await service.client.getStatusPage({ ids, filterContext }, await service.viewer(bob))).statuses;
    const post = async (text: string, spoilerText = "") => (await service.client.createStatus(request({ status: text, spoilerText }), await service.viewer(alice))).status!;

    before(async function () {
      service = await startStatusesHarness(backend.url);
      [alice, bob] = [await service.accounts.createAccount("alice"), await service.accounts.createAccount("bob")];
    });

    after(async function () {
      await service?.stop();
    });

    it("marks what a warn filter matches in the text or the content warning, and leaves the rest and other viewers alone", async function () {
      const [cat, warned, scatter] = [await post("a <b>cat</b> sat"), await post("nothing here", "cat pictures"), await post("scatter")];
      await publishFilters(bob, [filter("11", "warn", "cat")]);
      await waitFor(async () => (await page([cat.id], "home"))[0]!.filtered.length === 1, { timeoutMs: 30_000, what: "the warn filter applied" });
      const shown = await page([cat.id, warned.id, scatter.id], "home");
      assert.deepEqual(shown.map((s) => s.filtered.map((r) => [r.filter!.id, r.filter!.keywords.length, r.keywordMatches])), [[["11", 0, ["cat"]]], [["11", 0, ["cat"]]], []]);
      assert.deepEqual((await page([cat.id], "public"))[0]!.filtered, [], "a filter applies only in its contexts");
      const asAlice = (await service.client.getStatusPage({ ids: [cat.id], filterContext: "home" }, await service.viewer(alice))).statuses;
      assert.deepEqual(asAlice[0]!.filtered, [], "filters are the viewer's own");
    });

    it("leaves out what a hide filter matches in its context, and marks it when no context is given", async function () {
      const [durian, other] = [await post("durian season"), await post("apples")];
      await publishFilters(bob, [filter("21", "hide", "durian"), filter("22", "warn", "nothing", { statuses: [{ id: "23", statusId: other.id }] })]);
      await waitFor(async () => (await page([durian.id, other.id], "home")).length === 1, { timeoutMs: 30_000, what: "the hide filter applied" });
      const [kept] = await page([durian.id, other.id], "home");
      assert.deepEqual([kept!.id, kept!.filtered[0]!.statusMatches], [other.id, [other.id]], "a post filter matches by id");
      assert.deepEqual((await page([durian.id], "thread")).map((s) => s.filtered), [[]], "outside the hide filter's context the status stays");
      assert.equal((await page([durian.id]))[0]!.filtered[0]!.filter!.filterAction, "hide");
    });

    it("reads a viewer's filters back from the database when the key-value store has lost their version", async function () {
      const emptyStore = createEmbeddedStore();
      try {
        const compiled = await viewerFilters(service.db, emptyStore).of({ accountId: bob, viewerToken: undefined });
        assert.deepEqual(compiled.map((c) => c.filter.id), ["21", "22"], "the copy the previous case left");
        assert.equal(await emptyStore.get(`statuses:filters-version:${bob}`), String(version), "the version is put back");
      } finally {
        await emptyStore.close();
      }
    });

    it("ignores an expired filter", async function () {
      const melon = await post("melon");
      await publishFilters(bob, [filter("31", "hide", "melon", { expiresAt: new Date(Date.now() - 1000) }), filter("32", "warn", "marker")]);
      const marker = await post("a marker");
      await waitFor(async () => (await page([marker.id], "home"))[0]!.filtered.length === 1, { timeoutMs: 30_000, what: "the new filters applied" });
      assert.deepEqual((await page([melon.id], "home")).map((s) => s.filtered), [[]]);
    });
  });
}
