import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { ListsServiceClient } from "@starling/proto/timelines/v1/lists";
import { connectService, type AsyncClient } from "@starling/runtime";
import { backends } from "./backends.ts";
import { startHarness, viewerTokenOf, type Harness } from "./harness.ts";
import { accounts, deletePost, follow, post, publishPost, unfollow } from "./scenario.ts";

const codeOf = (promise: Promise<unknown>) => promise.then(() => "resolved", (e: { code?: number }) => e.code);

for (const backend of backends()) {
  describe(`lists and list feeds, on ${backend.name}`, function () {
    this.timeout(60_000);
    let h: Harness;
    let client: AsyncClient<ListsServiceClient>;
    const as = async (accountId: string) => ({ viewerToken: await viewerTokenOf(accountId) });
    const { owner, member, other, stranger } = accounts("owner", "member", "other", "stranger");
    const listFeed = async (listId: string, limit = 40) => (await client.getListTimeline({ listId, page: { limit } }, await as(owner))).statusIds;
    const newList = async (title: string, repliesPolicy?: string) => (await client.createList({ title, repliesPolicy }, await as(owner))).list!;
    const add = async (listId: string, ...accountIds: string[]) => client.addListAccounts({ listId, accountIds }, await as(owner));

    before(async function () {
      h = await startHarness(await backend.database(), backend.kv());
      client = connectService(ListsServiceClient, `127.0.0.1:${h.grpcPort}`, { deadlineMs: 10_000 });
      await Promise.all([follow(h, owner, member), follow(h, owner, other)]);
      await h.drain();
    });

    after(async function () {
      client?.close();
      await h?.stop();
      await backend.close();
    });

    it("creates, reads, renames and deletes a list, defaulting replies_policy to list and refusing other values", async function () {
      const list = await newList("  Friends ");
      assert.deepEqual([list.title, list.repliesPolicy], ["Friends", "list"]);
      const renamed = (await client.updateList({ id: list.id, title: "Pals", repliesPolicy: "none" }, await as(owner))).list!;
      assert.deepEqual([renamed.title, renamed.repliesPolicy], ["Pals", "none"]);
      assert.deepEqual((await client.getList({ id: list.id }, await as(owner))).list, renamed);
      assert.equal(await codeOf(client.createList({ title: "x", repliesPolicy: "everyone" }, await as(owner))), GrpcStatus.INVALID_ARGUMENT);
      assert.equal(await codeOf(client.updateList({ id: list.id, repliesPolicy: "all" }, await as(owner))), GrpcStatus.INVALID_ARGUMENT);
      assert.equal(await codeOf(client.createList({ title: " " }, await as(owner))), GrpcStatus.INVALID_ARGUMENT);
      assert.equal(await codeOf(client.getList({ id: list.id }, await as(stranger))), GrpcStatus.NOT_FOUND, "another account's list does not exist for the caller");
      await client.deleteList({ id: list.id }, await as(owner));
      assert.equal(await codeOf(client.getList({ id: list.id }, await as(owner))), GrpcStatus.NOT_FOUND);
    });

    it("adds only followed accounts, all or none, and refuses a member already in", async function () {
      const list = await newList("Follows only");
      assert.equal(await codeOf(add(list.id, member, stranger)), GrpcStatus.NOT_FOUND);
      assert.deepEqual((await client.getListAccounts({ listId: list.id, all: true }, await as(owner))).accountIds, []);
      await add(list.id, member, owner);
      assert.equal(await codeOf(add(list.id, member)), GrpcStatus.INVALID_ARGUMENT);
      assert.deepEqual((await client.getListAccounts({ listId: list.id, all: true }, await as(owner))).accountIds, [member, owner].sort().reverse());
      const first = await client.getListAccounts({ listId: list.id, page: { limit: 1 }, all: false }, await as(owner));
      assert.equal(first.accountIds.length, 1);
      const second = await client.getListAccounts({ listId: list.id, page: { limit: 1, maxId: first.nextCursor }, all: false }, await as(owner));
      assert.deepEqual([...first.accountIds, ...second.accountIds], [member, owner].sort().reverse());
      assert.deepEqual((await client.getAccountLists({ accountId: member }, await as(owner))).lists.map((l) => l.id), [list.id]);
      assert.deepEqual((await client.getAccountLists({ accountId: member }, await as(stranger))).lists, []);
    });

    it("fans a member's posts out to the list, merges them in when added and drops them when removed", async function () {
      const list = await newList("Feed");
      const before = await publishPost(h, post(member));
      await h.drain();
      await add(list.id, member);
      assert.deepEqual(await listFeed(list.id), [before], "the member's recent post was merged in");
      const after = await publishPost(h, post(member));
      const fromOther = await publishPost(h, post(other));
      const direct = await publishPost(h, post(member, { visibility: "direct", mentionedAccountIds: [owner] }));
      await h.drain();
      assert.deepEqual(await listFeed(list.id), [after, before], "non-members and direct posts stay out");
      await deletePost(h, after, member);
      await h.drain();
      assert.deepEqual(await listFeed(list.id), [before]);
      await client.removeListAccounts({ listId: list.id, accountIds: [member, stranger] }, await as(owner));
      assert.deepEqual(await listFeed(list.id), []);
      assert.ok(!(await listFeed(list.id)).includes(fromOther) && !(await listFeed(list.id)).includes(direct));
    });

    it("applies each replies policy: followed takes replies to followed accounts, list to members, none no replies", async function () {
      const lists = { followed: await newList("F", "followed"), list: await newList("L", "list"), none: await newList("N", "none") };
      for (const l of Object.values(lists)) await add(l.id, member);
      const parent = post(other);
      const toOther = post(member, { inReplyToId: parent.statusId, inReplyToAccountId: other });
      const toOwner = post(member, { inReplyToId: parent.statusId, inReplyToAccountId: owner });
      for (const s of [parent, toOther, toOwner]) await publishPost(h, s);
      await h.drain();
      const seen = async (l: { id: string }) => (await listFeed(l.id)).filter((id) => id === toOther.statusId || id === toOwner.statusId);
      assert.deepEqual(await seen(lists.followed), [toOwner.statusId, toOther.statusId]);
      assert.deepEqual(await seen(lists.list), [toOwner.statusId], "other is not a member");
      assert.deepEqual(await seen(lists.none), [toOwner.statusId]);
      await add(lists.list.id, other);
      const again = await publishPost(h, post(member, { inReplyToId: parent.statusId, inReplyToAccountId: other }));
      await h.drain();
      assert.ok((await listFeed(lists.list.id)).includes(again), "a reply to a member reaches a `list` list");
      // A rebuilt feed (the store lost it) applies the same rules.
      await h.kv.del(`feed:list:${lists.none.id}`, `feed:list:${lists.none.id}:built`);
      assert.deepEqual(await seen(lists.none), [toOwner.statusId]);
    });

    it("takes reblogs as home does: not from a member whose reblogs the owner hides, and once per original", async function () {
      const { booster, quiet } = accounts("booster", "quiet");
      await follow(h, owner, booster);
      await h.publish("follow.accepted", owner, { followId: "2", accountId: owner, targetAccountId: quiet, showReblogs: false, notify: false });
      await h.drain();
      const list = await newList("Reblogs");
      await add(list.id, booster, quiet, owner);
      await listFeed(list.id); // built now, so what follows arrives by fan-out, not by a rebuild
      const original = await publishPost(h, post(other));
      const boosted = await publishPost(h, post(booster, { reblogOfId: original, reblogOfAccountId: other }));
      const again = await publishPost(h, post(quiet, { reblogOfId: original, reblogOfAccountId: other }));
      await h.drain(); // handled first, as the window compares with what the feed already holds
      const second = await publishPost(h, post(owner, { reblogOfId: original, reblogOfAccountId: other }));
      await h.drain();
      const feed = await listFeed(list.id);
      assert.ok(feed.includes(boosted), "a member's reblog reaches the list");
      assert.ok(!feed.includes(again), "reblogs hidden by the follow stay out");
      assert.ok(!feed.includes(second), "a second reblog of a status already near the top stays out");
    });

    it("clears a muted account's posts from the muter's lists, and keeps new ones out", async function () {
      const list = await newList("Mute");
      await add(list.id, member);
      const old = await publishPost(h, post(member));
      await h.drain();
      assert.ok((await listFeed(list.id)).includes(old));
      await h.publish("mute.created", owner, { muteId: "1", accountId: owner, targetAccountId: member, hideNotifications: true });
      await h.drain();
      const fresh = await publishPost(h, post(member));
      await h.drain();
      const feed = await listFeed(list.id);
      assert.ok(!feed.includes(old) && !feed.includes(fresh), "neither the earlier post nor a new one shows");
      await h.publish("mute.removed", owner, { accountId: owner, targetAccountId: member });
      await h.drain();
    });

    it("takes an unfollowed account out of the follower's lists, and a deleted list's feed goes with it", async function () {
      const list = await newList("Unfollow");
      await add(list.id, other);
      const mine = await publishPost(h, post(other));
      await h.drain();
      assert.ok((await listFeed(list.id)).includes(mine));
      await unfollow(h, owner, other);
      await h.drain();
      assert.deepEqual((await client.getListAccounts({ listId: list.id, all: true }, await as(owner))).accountIds, []);
      assert.deepEqual(await listFeed(list.id), []);
      await client.deleteList({ id: list.id }, await as(owner));
      assert.equal(await h.kv.zcard(`feed:list:${list.id}`), 0);
      assert.equal(await codeOf(listFeed(list.id)), GrpcStatus.NOT_FOUND);
    });
  });
}
