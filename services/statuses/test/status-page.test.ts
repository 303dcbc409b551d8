import assert from "node:assert/strict";
import { PollsServiceClient } from "@starling/proto/statuses/v1/polls";
import { StatusInteractionsServiceClient } from "@starling/proto/statuses/v1/interactions";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { connectService, signViewer, type AsyncClient } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { backends, statusRequest as request } from "./support/status-request.ts";
import { startStatusesHarness, VIEWER_SECRET, type StatusesHarness } from "./support/statuses-harness.ts";

for (const backend of backends) {
  describe(`the status page (one hydration call) on ${backend.name}`, function () {
    let service: StatusesHarness;
    let polls: AsyncClient<PollsServiceClient>;
    let interactions: AsyncClient<StatusInteractionsServiceClient>;
    let alice: string, bob: string, carol: string;
    const as = (accountId: string) => service.viewer(accountId);
    const pageOf = async (ids: string[], viewer: string) => service.client.getStatusPage({ ids }, await as(viewer));

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

    it("hydrates a page once for many viewers, each seeing what GetStatusPage would show it, with its own state and votes", async function () {
      const poll = { options: ["yes", "no"], expiresIn: 3600, multiple: false, hideTotals: false };
      const open = (await service.client.createStatus(request({ status: "for everyone", poll }), await as(alice))).status!;
      const closed = (await service.client.createStatus(request({ status: "followers only", visibility: "private" }), await as(alice))).status!;
      await service.accounts.follow(bob, alice);
      await waitFor(async () => (await pageOf([closed.id], bob)).statuses.length === 1, { what: "bob following alice" });
      const boost = (await interactions.reblogStatus({ statusId: open.id, visibility: undefined }, await as(carol))).status!;
      await interactions.favouriteStatus({ statusId: open.id }, await as(bob));
      await polls.votePoll({ pollId: open.pollId!, choices: [1] }, await as(carol));
      const ids = [closed.id, open.id, boost.id];
      const viewerTokens = [(await as(bob)).viewerToken, (await as(carol)).viewerToken];
      const { page, viewers } = await service.client.getStatusPageForViewers({ ids, viewerTokens });
      assert.deepEqual(page!.statuses.map((s) => [s.id, s.viewer]), ids.map((id) => [id, undefined]), "hydrated once, without anyone's state");
      assert.deepEqual(page!.polls.map((p) => p.ownVotes), [[]]);
      const [forBob, forCarol] = viewers;
      assert.deepEqual([forBob!.accountId, forBob!.statusIds], [bob, ids], "bob follows alice: her followers-only post too");
      assert.deepEqual(forBob!.states.map((s) => [s.favourited, s.reblogged]), [[false, false], [true, false], [true, false]], "a reblog carries its original's state");
      assert.deepEqual([forCarol!.accountId, forCarol!.statusIds], [carol, [open.id, boost.id]]);
      assert.deepEqual(forCarol!.states.map((s) => [s.favourited, s.reblogged]), [[false, true], [false, true]]);
      assert.deepEqual([forBob!.polls.map((p) => p.ownVotes), forCarol!.polls.map((p) => p.ownVotes)], [[[]], [[1]]]);
      for (const single of [bob, carol]) {
        const alone = await pageOf(ids, single);
        assert.deepEqual(alone.statuses.map((s) => s.id), viewers.find((v) => v.accountId === single)!.statusIds, "the same statuses GetStatusPage shows that viewer");
      }
      const appOnly = await signViewer(VIEWER_SECRET, { scopes: ["read"] });
      for (const bad of [appOnly, "not-a-token"]) {
        await assert.rejects(service.client.getStatusPageForViewers({ ids, viewerTokens: [viewerTokens[0]!, bad] }), (e: { code?: number }) => e.code === GrpcStatus.UNAUTHENTICATED);
      }
    });

    it("renders a deleted status from its row, for delete-and-redraft", async function () {
      const posted = (await service.client.createStatus(request({ status: "gone soon, @carol" }), await as(alice))).status!;
      const { page } = await service.client.deleteStatus({ id: posted.id }, await as(alice));
      assert.deepEqual(page!.statuses.map((s) => [s.id, s.text]), [[posted.id, "gone soon, @carol"]]);
      assert.ok(page!.accounts.some((a) => a.id === carol));
      assert.deepEqual((await pageOf([posted.id], alice)).statuses, []);
    });
  });
}
