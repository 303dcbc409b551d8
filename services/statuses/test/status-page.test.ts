import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { encodePayload, EVENT_CATALOG, newEnvelope } from "@starling/events";
import type { Filter } from "@starling/proto/timelines/v1/filters";
import { PollsServiceClient } from "@starling/proto/statuses/v1/polls";
import { StatusInteractionsServiceClient } from "@starling/proto/statuses/v1/interactions";
import { connectService, signViewer, type AsyncClient } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { backends, statusRequest as request } from "./support/status-request.ts";
import { startStatusesHarness, VIEWER_SECRET, type StatusesHarness } from "./support/statuses-harness.ts";

// GetStatusPage, and GetStatusPageForViewers, which must answer each viewer what GetStatusPage answers it alone.
for (const backend of backends) {
  describe(`the status page (one hydration call) on ${backend.name}`, function () {
    this.timeout(60_000);
    let service: StatusesHarness;
    let polls: AsyncClient<PollsServiceClient>;
    let interactions: AsyncClient<StatusInteractionsServiceClient>;
    let alice: string, bob: string, carol: string;
    const as = (accountId: string) => service.viewer(accountId);
    const tokenOf = async (accountId: string) => (await as(accountId)).viewerToken!;
    const pageOf = async (ids: string[], viewer: string, filterContext?: string) => service.client.getStatusPage({ ids, filterContext }, await as(viewer));
    const post = async (status: string, extra: object = {}) => (await service.client.createStatus(request({ status, ...extra }), await as(alice))).status!;

    before(async function () {
      service = await startStatusesHarness(backend.url);
      polls = connectService(PollsServiceClient, service.address, { deadlineMs: 10_000 });
      interactions = connectService(StatusInteractionsServiceClient, service.address, { deadlineMs: 10_000 });
      [alice, bob, carol] = [await service.accounts.createAccount("alice"), await service.accounts.createAccount("bob"), await service.accounts.createAccount("carol")];
    });

    after(async function () {
      polls?.close();
      interactions?.close();
      await service?.stop();
    });

    it("answers statuses with their authors, mentioned accounts, reblogged originals, polls with the viewer's votes and viewer state", async function () {
      const poll = { options: ["tea", "coffee"], expiresIn: 3600, multiple: false, hideTotals: false };
      const asked = (await service.client.createStatus(request({ status: "Which one, @bob?", poll }), await as(alice))).status!;
      await polls.votePoll({ pollId: asked.pollId!, choices: [1] }, await as(bob));
      const boost = (await interactions.reblogStatus({ statusId: asked.id, visibility: undefined }, await as(carol))).status!;
      await interactions.favouriteStatus({ statusId: asked.id }, await as(bob));
      await interactions.bookmarkStatus({ statusId: asked.id }, await as(bob));

      const page = await pageOf([boost.id, asked.id], bob);
      assert.deepEqual(page.statuses.map((s) => [s.id, s.reblog?.id]), [[boost.id, asked.id], [asked.id, undefined]]);
      assert.deepEqual(new Set(page.accounts.map((a) => a.id)), new Set([alice, bob, carol]), "authors of both, and the mentioned account, once each");
      assert.deepEqual(page.polls.map((p) => [p.id, p.ownVotes, p.voted]), [[asked.pollId, [1], true]]);
      const own = page.statuses[1]!.viewer!;
      assert.deepEqual([own.favourited, own.bookmarked, own.reblogged, own.muted], [true, true, false, false]);
      assert.equal(page.statuses[0]!.reblog!.viewer?.favourited, true, "the reblogged original carries the viewer's state");
      assert.equal((await pageOf([asked.id], carol)).statuses[0]!.viewer?.reblogged, true);
    });

    it("serves accounts from copies, fetched once from the accounts service and dropped when their counts change", async function () {
      const dave = await service.accounts.createAccount("dave");
      const first = (await service.client.createStatus(request({ status: "counting" }), await as(dave))).status!;
      const authorOf = async () => (await pageOf([first.id], alice)).accounts.find((a) => a.id === dave)!;
      await waitFor(async () => (await authorOf()).statusesCount === 1, { what: "dave's copy counting his post" });
      // Once the post's events have settled, reads of the unchanged account fetch nothing.
      const readWithoutFetch = async () => {
        const fetches = await service.accounts.served("GetAccounts");
        await pageOf([first.id], alice);
        await pageOf([first.id], bob);
        return (await service.accounts.served("GetAccounts")) === fetches;
      };
      await waitFor(readWithoutFetch, { what: "two page reads served from the copies" });

      await service.accounts.follow(alice, dave);
      await waitFor(async () => (await authorOf()).followersCount === 1, { what: "follow.accepted dropping dave's copy" });
      await service.client.createStatus(request({ status: "again" }), await as(dave));
      await waitFor(async () => (await authorOf()).statusesCount === 2, { what: "account.stats_changed dropping dave's copy" });
    });

    it("renders a deleted status from its row, for delete-and-redraft", async function () {
      const posted = (await service.client.createStatus(request({ status: "gone soon, @carol" }), await as(alice))).status!;
      const { page } = await service.client.deleteStatus({ id: posted.id }, await as(alice));
      assert.deepEqual(page!.statuses.map((s) => [s.id, s.text]), [[posted.id, "gone soon, @carol"]]);
      assert.ok(page!.accounts.some((a) => a.id === carol));
      assert.deepEqual((await pageOf([posted.id], alice)).statuses, []);
    });

    it("hydrates a page once for many viewers, each seeing what GetStatusPage would show it, with its own state and votes", async function () {
      const open = await post("for everyone", { poll: { options: ["yes", "no"], expiresIn: 3600, multiple: false, hideTotals: false } });
      const closed = await post("followers only", { visibility: "private" });
      await service.accounts.follow(bob, alice);
      await waitFor(async () => (await pageOf([closed.id], bob)).statuses.length === 1, { what: "bob following alice" });
      const boost = (await interactions.reblogStatus({ statusId: open.id, visibility: undefined }, await as(carol))).status!;
      await interactions.favouriteStatus({ statusId: open.id }, await as(bob));
      await interactions.bookmarkStatus({ statusId: closed.id }, await as(bob));
      await polls.votePoll({ pollId: open.pollId!, choices: [1] }, await as(carol));
      const ids = [closed.id, open.id, boost.id];
      const { page, viewers } = await service.client.getStatusPageForViewers({ viewers: [{ viewerToken: await tokenOf(bob), ids }, { viewerToken: await tokenOf(carol), ids }] });
      assert.deepEqual(page!.statuses.map((s) => [s.id, s.viewer]), ids.map((id) => [id, undefined]), "hydrated once, without anyone's state");
      assert.deepEqual(page!.polls.map((p) => p.ownVotes), [[]]);
      const [forBob, forCarol] = viewers;
      assert.deepEqual([forBob!.accountId, forBob!.statusIds], [bob, ids], "bob follows alice: her followers-only post too");
      assert.deepEqual(forBob!.states.map((s) => [s.favourited, s.reblogged, s.bookmarked]), [[false, false, true], [true, false, false], [true, false, false]], "a reblog carries its original's state");
      assert.deepEqual([forCarol!.accountId, forCarol!.statusIds], [carol, [open.id, boost.id]]);
      assert.deepEqual(forCarol!.states.map((s) => [s.favourited, s.reblogged, s.bookmarked]), [[false, true, false], [false, true, false]]);
      assert.deepEqual([forBob!.polls.map((p) => p.ownVotes), forCarol!.polls.map((p) => p.ownVotes)], [[[]], [[1]]]);
      for (const [single, part] of [[bob, forBob!], [carol, forCarol!]] as const) {
        const alone = await pageOf(ids, single);
        assert.deepEqual([part.statusIds, part.states], [alone.statuses.map((s) => s.id), alone.statuses.map((s) => s.reblog?.viewer ?? s.viewer)], "the statuses and state GetStatusPage gives that viewer");
      }
    });

    it("answers each viewer only its own statuses, and the same viewer in two contexts twice, in the request's order", async function () {
      const [first, second] = [await post("first"), await post("second")];
      const [bobs, carols] = [await tokenOf(bob), await tokenOf(carol)];
      const { page, viewers } = await service.client.getStatusPageForViewers({ viewers: [{ viewerToken: carols, ids: [second.id] }, { viewerToken: bobs, ids: [first.id], filterContext: "home" }, { viewerToken: bobs, ids: [second.id, first.id], filterContext: "public" }] });
      assert.deepEqual(new Set(page!.statuses.map((s) => s.id)), new Set([first.id, second.id]));
      assert.deepEqual(viewers.map((v) => [v.accountId, v.statusIds]), [[carol, [second.id]], [bob, [first.id]], [bob, [second.id, first.id]]]);
    });

    it("applies each viewer's own filters in its context, as GetStatusPage does: a hide filter leaves out, a warn filter marks", async function () {
      const filter = (id: string, filterAction: string, keyword: string): Filter => ({ id, title: `${filterAction} ${keyword}`, context: ["home"], filterAction, keywords: [{ id: `${id}0`, keyword, wholeWord: true }], statuses: [] });
      const payload = { accountId: bob, version: 1, filters: [filter("41", "hide", "durian"), filter("42", "warn", "cat")] };
      await service.bus.publish(EVENT_CATALOG["filters.changed"].topic, [newEnvelope({ type: "filters.changed", source: "test", key: bob, payload: encodePayload("filters.changed", payload) })]);
      const [durian, cat, plain] = [await post("durian season"), await post("a cat sat"), await post("apples")];
      const boost = (await interactions.reblogStatus({ statusId: cat.id, visibility: undefined }, await as(carol))).status!;
      const ids = [durian.id, cat.id, plain.id, boost.id];
      await waitFor(async () => (await pageOf(ids, bob, "home")).statuses.length === 3, { timeoutMs: 30_000, what: "bob's filters applied" });
      const [bobs, carols] = [await tokenOf(bob), await tokenOf(carol)];
      const { viewers } = await service.client.getStatusPageForViewers({ viewers: [{ viewerToken: bobs, ids, filterContext: "home" }, { viewerToken: bobs, ids, filterContext: "public" }, { viewerToken: carols, ids, filterContext: "home" }] });
      const [home, elsewhere, forCarol] = viewers;
      const marks = (part: (typeof viewers)[number]) => part.filtered.map((f) => f.results.map((r) => [r.filter!.id, r.filter!.keywords.length, r.keywordMatches]));
      assert.deepEqual([home!.statusIds, marks(home!)], [[cat.id, plain.id, boost.id], [[["42", 0, ["cat"]]], [], [["42", 0, ["cat"]]]]], "durian hidden, the cat and its reblog marked");
      assert.deepEqual([elsewhere!.statusIds, marks(elsewhere!)], [ids, [[], [], [], []]], "bob's filters are for home only");
      assert.deepEqual([forCarol!.statusIds, marks(forCarol!)], [ids, [[], [], [], []]], "carol has no filters");
      const alone = await pageOf(ids, bob, "home");
      assert.deepEqual(home!.filtered.map((f) => f.results), alone.statuses.map((s) => s.filtered), "the filter results GetStatusPage gives bob alone");
    });

    it("refuses a call with a viewer that is not a signed-in account", async function () {
      const ids = [(await post("hello")).id];
      for (const bad of [await signViewer(VIEWER_SECRET, { scopes: ["read"] }), "not-a-token"]) {
        const call = service.client.getStatusPageForViewers({ viewers: [{ viewerToken: await tokenOf(bob), ids }, { viewerToken: bad, ids }] });
        await assert.rejects(call, (e: { code?: number }) => e.code === GrpcStatus.UNAUTHENTICATED);
      }
    });
  });
}
