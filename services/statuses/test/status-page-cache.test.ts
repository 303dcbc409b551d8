import assert from "node:assert/strict";
import { EditStatusRequest, StatusEditsServiceClient } from "@starling/proto/statuses/v1/status_edits";
import { StatusInteractionsServiceClient } from "@starling/proto/statuses/v1/interactions";
import { connectService, type AsyncClient } from "@starling/runtime";
import { backends, statusRequest as request } from "./support/status-request.ts";
import { startStatusesHarness, type StatusesHarness } from "./support/statuses-harness.ts";

// Every case reads the page first, so the row and the viewer's marks are cached, then changes
// them through one write path and reads again: the change must show at once, not after a TTL.
for (const backend of backends) {
  describe(`status pages after each write, through the row and marks cache, on ${backend.name}`, function () {
    let service: StatusesHarness;
    let interactions: AsyncClient<StatusInteractionsServiceClient>;
    let edits: AsyncClient<StatusEditsServiceClient>;
    let alice: string, bob: string;
    const as = (accountId: string) => service.viewer(accountId);
    const shown = async (id: string, viewer: string) => (await service.client.getStatusPage({ ids: [id] }, await as(viewer))).statuses[0];
    const post = async (text: string, overrides = {}) => (await service.client.createStatus(request({ status: text, ...overrides }), await as(alice))).status!;

    before(async function () {
      service = await startStatusesHarness(backend.url);
      interactions = connectService(StatusInteractionsServiceClient, service.address, { deadlineMs: 10_000 });
      edits = connectService(StatusEditsServiceClient, service.address, { deadlineMs: 10_000 });
      [alice, bob] = [await service.accounts.createAccount("alice"), await service.accounts.createAccount("bob")];
    });

    after(async function () {
      interactions?.close();
      edits?.close();
      await service?.stop();
    });

    it("shows a favourite and its removal: the count and the viewer's mark", async function () {
      const status = await post("like me");
      assert.deepEqual([(await shown(status.id, bob))!.favouritesCount, (await shown(status.id, bob))!.viewer!.favourited], [0, false]);
      await interactions.favouriteStatus({ statusId: status.id }, await as(bob));
      const liked = (await shown(status.id, bob))!;
      assert.deepEqual([liked.favouritesCount, liked.viewer!.favourited], [1, true]);
      assert.equal((await shown(status.id, alice))!.viewer!.favourited, false, "only the viewer who favourited has the mark");
      await interactions.unfavouriteStatus({ statusId: status.id }, await as(bob));
      const unliked = (await shown(status.id, bob))!;
      assert.deepEqual([unliked.favouritesCount, unliked.viewer!.favourited], [0, false]);
    });

    it("shows a reblog and its undoing: the original's count and the viewer's mark", async function () {
      const status = await post("boost me");
      await shown(status.id, bob);
      await interactions.reblogStatus({ statusId: status.id, visibility: undefined }, await as(bob));
      const boosted = (await shown(status.id, bob))!;
      assert.deepEqual([boosted.reblogsCount, boosted.viewer!.reblogged], [1, true]);
      await interactions.unreblogStatus({ statusId: status.id }, await as(bob));
      const undone = (await shown(status.id, bob))!;
      assert.deepEqual([undone.reblogsCount, undone.viewer!.reblogged], [0, false]);
    });

    it("shows a reply in the parent's count and drops the parent once it is deleted", async function () {
      const parent = await post("ask me");
      assert.equal((await shown(parent.id, bob))!.repliesCount, 0);
      await service.client.createStatus(request({ status: "an answer", inReplyToId: parent.id }), await as(bob));
      assert.equal((await shown(parent.id, bob))!.repliesCount, 1);
      await service.client.deleteStatus({ id: parent.id }, await as(alice));
      assert.equal(await shown(parent.id, bob), undefined);
    });

    it("shows an edit", async function () {
      const status = await post("first words");
      await shown(status.id, bob);
      await edits.editStatus(EditStatusRequest.fromPartial({ id: status.id, status: "second thoughts" }), await as(alice));
      const edited = (await shown(status.id, bob))!;
      assert.equal(edited.text, "second thoughts");
      assert.ok(edited.editedAt);
    });

    it("shows bookmarks, pins and conversation mutes, and their removal", async function () {
      const status = await post("keep me");
      const marks = async () => {
        const viewer = (await shown(status.id, alice))!.viewer!;
        return [viewer.bookmarked, viewer.pinned, viewer.muted];
      };
      assert.deepEqual(await marks(), [false, false, false]);
      await interactions.bookmarkStatus({ statusId: status.id }, await as(alice));
      await interactions.pinStatus({ statusId: status.id }, await as(alice));
      await interactions.muteConversation({ statusId: status.id }, await as(alice));
      assert.deepEqual(await marks(), [true, true, true]);
      await interactions.unbookmarkStatus({ statusId: status.id }, await as(alice));
      await interactions.unpinStatus({ statusId: status.id }, await as(alice));
      await interactions.unmuteConversation({ statusId: status.id }, await as(alice));
      assert.deepEqual(await marks(), [false, false, false]);
    });

    it("shows a mute of the thread on a reply whose marks were cached before", async function () {
      const root = await post("a thread");
      const reply = (await service.client.createStatus(request({ status: "in it", inReplyToId: root.id }), await as(bob))).status!;
      assert.equal((await shown(reply.id, alice))!.viewer!.muted, false);
      await interactions.muteConversation({ statusId: root.id }, await as(alice));
      assert.equal((await shown(reply.id, alice))!.viewer!.muted, true);
    });
  });
}
