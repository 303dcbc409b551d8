import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { decodePayload } from "@starling/events";
import { StatusInteractionsServiceClient } from "@starling/proto/statuses/v1/interactions";
import type { CreateStatusRequest } from "@starling/proto/statuses/v1/statuses";
import { connectService, type AsyncClient } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { startStatusesHarness, type StatusesHarness } from "./support/statuses-harness.ts";

const backends: { name: string; url?: string }[] = [{ name: "embedded PostgreSQL" }];
if (process.env.DATABASE_URL) backends.push({ name: "PostgreSQL", url: process.env.DATABASE_URL });

const grpcCode = (code: GrpcStatus) => (error: unknown) => (error as { code?: number }).code === code;
const noPage = {};

for (const backend of backends) {
  describe(`status interactions over gRPC on ${backend.name}`, function () {
    let service: StatusesHarness;
    let interactions: AsyncClient<StatusInteractionsServiceClient>;
    let alice: string;
    let bob: string;
    let carol: string;
    const as = (accountId: string) => service.viewer(accountId);
    const post = async (author: string, overrides: Partial<CreateStatusRequest> = {}) => {
      const request = { status: "Hello", spoilerText: "", sensitive: false, mediaIds: [], ...overrides };
      return (await service.client.createStatus(request as CreateStatusRequest, await as(author))).status!;
    };
    const read = async (id: string, viewer?: string) => (await service.client.getStatuses({ ids: [id] }, viewer ? await as(viewer) : {})).statuses[0];
    const eventsOf = (type: string) => service.events.filter((e) => e.type === type);

    before(async function () {
      service = await startStatusesHarness(backend.url);
      interactions = connectService(StatusInteractionsServiceClient, service.address, { deadlineMs: 10_000 });
      alice = await service.accounts.createAccount("alice");
      bob = await service.accounts.createAccount("bob");
      carol = await service.accounts.createAccount("carol");
      await service.accounts.follow(bob, alice);
    });

    after(async function () {
      interactions?.close();
      await service?.stop();
    });

    it("reblogs once, returns the same reblog when repeated or given the reblog itself, counts it, and unreblogs", async function () {
      const original = await post(alice, { status: "Worth sharing" });
      const reblog = (await interactions.reblogStatus({ statusId: original.id, visibility: undefined }, await as(bob))).status!;
      assert.equal(reblog.reblogOfId, original.id);
      assert.equal(reblog.visibility, "public");
      assert.equal(reblog.content, "");
      assert.equal(reblog.reblog?.id, original.id);
      assert.equal(reblog.reblog?.reblogsCount, 1);
      assert.equal(reblog.reblog?.viewer?.reblogged, true);
      const again = (await interactions.reblogStatus({ statusId: original.id, visibility: "unlisted" }, await as(bob))).status!;
      assert.equal(again.id, reblog.id);
      const viaReblog = (await interactions.reblogStatus({ statusId: reblog.id, visibility: undefined }, await as(bob))).status!;
      assert.equal(viaReblog.id, reblog.id, "a reblog of a reblog targets the original");
      assert.equal((await read(original.id))?.reblogsCount, 1);
      const rebloggers = await interactions.listRebloggedBy({ statusId: original.id, page: noPage }, {});
      assert.deepEqual(rebloggers.accountIds, [bob]);

      const unreblogged = (await interactions.unreblogStatus({ statusId: original.id }, await as(bob))).status!;
      assert.equal(unreblogged.id, original.id);
      assert.equal(unreblogged.reblogsCount, 0);
      assert.equal(unreblogged.viewer?.reblogged, false);
      assert.equal(await read(reblog.id, bob), undefined, "the reblog is gone");
      await waitFor(() => eventsOf("reblog.deleted").some((e) => decodePayload("reblog.deleted", e).reblogId === reblog.id));
      const created = eventsOf("status.created").map((e) => decodePayload("status.created", e)).find((p) => p.statusId === reblog.id);
      assert.deepEqual([created?.reblogOfId, created?.reblogOfAccountId], [original.id, alice], "status.created names the original for home feeds");
      assert.ok(eventsOf("reblog.created").some((e) => decodePayload("reblog.created", e).reblogId === reblog.id));
      assert.ok(eventsOf("status.deleted").some((e) => decodePayload("status.deleted", e).statusId === reblog.id));
    });

    it("refuses to reblog a direct status or someone else's private one, keeps an own private reblog private, and 404s unknown ids", async function () {
      const direct = await post(alice, { visibility: "direct" });
      await assert.rejects(interactions.reblogStatus({ statusId: direct.id, visibility: undefined }, await as(alice)), grpcCode(GrpcStatus.PERMISSION_DENIED));
      const followersOnly = await post(alice, { visibility: "private" });
      await assert.rejects(interactions.reblogStatus({ statusId: followersOnly.id, visibility: undefined }, await as(bob)), grpcCode(GrpcStatus.PERMISSION_DENIED));
      await assert.rejects(interactions.reblogStatus({ statusId: followersOnly.id, visibility: undefined }, await as(carol)), grpcCode(GrpcStatus.NOT_FOUND));
      const own = (await interactions.reblogStatus({ statusId: followersOnly.id, visibility: "public" }, await as(alice))).status!;
      assert.equal(own.visibility, "private");
      await assert.rejects(interactions.reblogStatus({ statusId: "123456789", visibility: undefined }, await as(bob)), grpcCode(GrpcStatus.NOT_FOUND));
      const open = await post(alice);
      await assert.rejects(interactions.reblogStatus({ statusId: open.id, visibility: "direct" }, await as(bob)), grpcCode(GrpcStatus.INVALID_ARGUMENT));
    });

    it("takes the reblogs along when the original is deleted", async function () {
      const original = await post(alice);
      const reblog = (await interactions.reblogStatus({ statusId: original.id, visibility: undefined }, await as(carol))).status!;
      await service.client.deleteStatus({ id: original.id }, await as(alice));
      assert.equal(await read(reblog.id, carol), undefined);
      await waitFor(() => eventsOf("status.deleted").some((e) => decodePayload("status.deleted", e).statusId === reblog.id));
    });

    it("favourites idempotently with a count, the viewer flag, favourited_by and events, and unfavourites", async function () {
      const status = await post(alice);
      for (let i = 0; i < 2; i++) await interactions.favouriteStatus({ statusId: status.id }, await as(bob));
      const byCarol = (await interactions.favouriteStatus({ statusId: status.id }, await as(carol))).status!;
      assert.equal(byCarol.favouritesCount, 2);
      assert.equal(byCarol.viewer?.favourited, true);
      assert.equal((await read(status.id, alice))?.viewer?.favourited, false);
      assert.equal((await read(status.id))?.viewer, undefined, "anonymous viewers get no viewer fields");
      assert.deepEqual((await interactions.listFavouritedBy({ statusId: status.id, page: noPage }, {})).accountIds, [carol, bob]);
      const undone = (await interactions.unfavouriteStatus({ statusId: status.id }, await as(bob))).status!;
      assert.deepEqual([undone.favouritesCount, undone.viewer?.favourited], [1, false]);
      await waitFor(() => eventsOf("favourite.deleted").some((e) => decodePayload("favourite.deleted", e).statusId === status.id));
      assert.equal(eventsOf("favourite.created").filter((e) => decodePayload("favourite.created", e).statusId === status.id).length, 2);
    });

    it("pages bookmarks by bookmark id, newest bookmark first", async function () {
      const statuses = [await post(alice), await post(alice), await post(alice)];
      for (const s of [statuses[2]!, statuses[0]!, statuses[1]!]) await interactions.bookmarkStatus({ statusId: s.id }, await as(carol));
      const first = await interactions.listBookmarks({ page: { ...noPage, limit: 2 } }, await as(carol));
      assert.deepEqual(first.page!.statuses.map((s) => s.id), [statuses[1]!.id, statuses[0]!.id]);
      assert.equal(first.page!.statuses[0]?.viewer?.bookmarked, true);
      assert.ok(first.nextCursor && first.prevCursor);
      const second = await interactions.listBookmarks({ page: { ...noPage, maxId: first.nextCursor, limit: 2 } }, await as(carol));
      assert.deepEqual(second.page!.statuses.map((s) => s.id), [statuses[2]!.id]);
      assert.equal(second.nextCursor, undefined, "no next link after a short page");
      const back = await interactions.listBookmarks({ page: { ...noPage, minId: second.prevCursor!, limit: 1 } }, await as(carol));
      assert.deepEqual(back.page!.statuses.map((s) => s.id), [statuses[0]!.id], "min_id pages back without a gap");
      await interactions.unbookmarkStatus({ statusId: statuses[1]!.id }, await as(carol));
      assert.equal((await interactions.listBookmarks({ page: noPage }, await as(carol))).page!.statuses.length, 2);
      // Announced (once each, whatever the repeats) for the search index, with no counter.
      await interactions.unbookmarkStatus({ statusId: statuses[1]!.id }, await as(carol));
      await waitFor(() => eventsOf("bookmark.removed").some((e) => decodePayload("bookmark.removed", e).statusId === statuses[1]!.id));
      const created = eventsOf("bookmark.created").map((e) => decodePayload("bookmark.created", e)).filter((p) => statuses.some((s) => s.id === p.statusId));
      assert.deepEqual(created.map((p) => [p.statusId, p.accountId, p.statusAccountId]).sort(), statuses.map((s) => [s.id, carol, alice]).sort());
      assert.equal(eventsOf("bookmark.removed").filter((e) => decodePayload("bookmark.removed", e).statusId === statuses[1]!.id).length, 1);
    });

    it("pins up to five own statuses, refuses a sixth, others' and direct ones, and shows a pinned private post to its author", async function () {
      const dave = await service.accounts.createAccount("dave");
      const mine = [await post(dave, { visibility: "private" })];
      for (let i = 0; i < 5; i++) mine.push(await post(dave));
      for (const s of mine.slice(0, 5)) await interactions.pinStatus({ statusId: s.id }, await as(dave));
      await interactions.pinStatus({ statusId: mine[0]!.id }, await as(dave));
      await assert.rejects(interactions.pinStatus({ statusId: mine[5]!.id }, await as(dave)), (e: { code?: number; details?: string }) => {
        assert.equal(e.code, GrpcStatus.INVALID_ARGUMENT);
        assert.equal(e.details, "Validation failed: You have already pinned the maximum number of posts");
        return true;
      });
      assert.equal((await read(mine[0]!.id, dave))?.viewer?.pinned, true);
      const pinned = await interactions.listPinnedStatuses({ accountId: dave }, await as(dave));
      assert.deepEqual(pinned.page!.statuses.map((s) => s.id), mine.slice(0, 5).map((s) => s.id).reverse());
      const seenByOthers = await interactions.listPinnedStatuses({ accountId: dave }, await as(carol));
      assert.equal(seenByOthers.page!.statuses.length, 4, "the private pin stays hidden from a non-follower");
      await assert.rejects(interactions.pinStatus({ statusId: mine[5]!.id }, await as(carol)), grpcCode(GrpcStatus.INVALID_ARGUMENT));
      const direct = await post(dave, { visibility: "direct" });
      await interactions.unpinStatus({ statusId: mine[1]!.id }, await as(dave));
      await assert.rejects(interactions.pinStatus({ statusId: direct.id }, await as(dave)), grpcCode(GrpcStatus.INVALID_ARGUMENT));
      await interactions.pinStatus({ statusId: mine[5]!.id }, await as(dave));
      await waitFor(() => eventsOf("status.unpinned").some((e) => decodePayload("status.unpinned", e).statusId === mine[1]!.id));
    });

    it("mutes a whole conversation from any of its statuses, and unmutes it", async function () {
      const root = await post(alice);
      const reply = await post(bob, { inReplyToId: root.id });
      const deeper = await post(alice, { inReplyToId: reply.id });
      const other = await post(alice);
      const muted = (await interactions.muteConversation({ statusId: deeper.id }, await as(bob))).status!;
      assert.equal(muted.viewer?.muted, true);
      const flags = (await service.client.getStatuses({ ids: [root.id, reply.id, deeper.id, other.id] }, await as(bob))).statuses.map((s) => s.viewer?.muted);
      assert.deepEqual(flags, [true, true, true, false]);
      await interactions.muteConversation({ statusId: reply.id }, await as(bob));
      await interactions.unmuteConversation({ statusId: root.id }, await as(bob));
      assert.equal((await read(reply.id, bob))?.viewer?.muted, false);
      // The timelines service learns of it (notifications) once per change, by the thread's root;
      // each status.created names its conversation's root.
      const changes = await waitFor(() => {
        const mine = service.events.filter((e) => e.type.startsWith("conversation.") && e.key === bob);
        return mine.length >= 2 && mine;
      }, { what: "conversation events" });
      assert.deepEqual(changes.map((e) => [e.type, decodePayload("conversation.muted", e).rootStatusId]), [["conversation.muted", root.id], ["conversation.unmuted", root.id]]);
      const roots = eventsOf("status.created").map((e) => decodePayload("status.created", e)).filter((p) => [root.id, deeper.id, other.id].includes(p.statusId));
      assert.deepEqual(new Map(roots.map((p) => [p.statusId, p.conversationRootId])), new Map([[root.id, root.id], [deeper.id, root.id], [other.id, other.id]]));
    });
  });
}
