import assert from "node:assert/strict";
import { decodePayload } from "@starling/events";
import { waitFor } from "@starling/testkit";
import { backends } from "./backends.ts";
import { startHarness, type Harness } from "./harness.ts";
import { accounts, deletePost, follow, post, publishPost } from "./scenario.ts";

for (const backend of backends()) {
  describe(`notifications, on ${backend.name}`, function () {
    this.timeout(60_000);
    let h: Harness;
    before(async () => {
      h = await startHarness(await backend.database(), backend.kv());
    });
    after(async function () {
      await h?.stop();
      await backend.close();
    });

    const listed = async (accountId: string, filter: { types?: string[]; excludeTypes?: string[]; accountId?: string } = {}) =>
      (await h.notifications.listNotifications({ types: [], excludeTypes: [], ...filter, page: { limit: 30 } }, await h.as(accountId))).notifications.map((n) => [n.type, n.fromAccountId, n.statusId ?? null]);
    const favourite = (accountId: string, statusId: string, statusAccountId: string, favouriteId = `${Date.now()}${Math.floor(Math.random() * 1000)}`) =>
      h.publish("favourite.created", statusId, { favouriteId, accountId, statusId, statusAccountId, createdAt: new Date() });
    const reblog = (accountId: string, status: { statusId: string; accountId: string }) =>
      publishPost(h, post(accountId, { reblogOfId: status.statusId, reblogOfAccountId: status.accountId })).then(async (reblogId) => {
        await h.publish("reblog.created", status.statusId, { reblogId, accountId, statusId: status.statusId, statusAccountId: status.accountId, visibility: "public", createdAt: new Date() });
      });
    const publishedFor = (accountId: string) => h.published.filter((e) => e.key === accountId).map((e) => decodePayload("notification.created", e));

    it("tells of mentions, follows, follow requests, favourites, reblogs, subscribed posts, edits and sign-ups, one notification.created each", async () => {
      const { me, fan, asker, subscriber, newbie } = accounts("me", "fan", "asker", "subscriber", "newbie");
      // Drained one by one: notifications are numbered as they are handled, and topics interleave.
      await follow(h, fan, me);
      await h.drain();
      await h.publish("follow.requested", asker, { requestId: "77", accountId: asker, targetAccountId: me });
      await h.drain();
      await h.publish("follow.accepted", subscriber, { followId: "78", accountId: subscriber, targetAccountId: me, showReblogs: true, notify: true });
      await h.drain();
      const mine = post(me);
      await publishPost(h, mine);
      const mention = await publishPost(h, post(fan, { mentionedAccountIds: [me] }));
      await h.drain();
      await favourite(fan, mine.statusId, me);
      await h.drain();
      await reblog(fan, mine);
      await h.drain();
      const theirs = post(subscriber);
      await publishPost(h, theirs);
      await reblog(me, theirs);
      await h.drain();
      await h.publish("status.updated", theirs.statusId, { statusId: theirs.statusId, accountId: subscriber, visibility: "public", local: true, editedAt: new Date(), language: "en", mentionedAccountIds: [], tags: [], hasMedia: false });
      await h.drain();
      await h.publish("user.signed_up", newbie, { accountId: newbie, moderatorAccountIds: [me] });
      await h.drain();

      assert.deepEqual(await listed(me), [
        ["admin.sign_up", newbie, null],
        ["update", subscriber, theirs.statusId],
        ["reblog", fan, mine.statusId],
        ["favourite", fan, mine.statusId],
        ["mention", fan, mention],
        ["follow", subscriber, null],
        ["follow_request", asker, null],
        ["follow", fan, null],
      ]);
      assert.deepEqual(await listed(subscriber), [["reblog", me, theirs.statusId], ["status", me, mine.statusId]], "the subscriber hears of my post");
      assert.deepEqual(await listed(fan), [], "a follower without notify does not");
      const events = await waitFor(() => publishedFor(me).length >= 8 && publishedFor(me), { what: "notification.created for me" });
      assert.deepEqual(events.map((e) => e.type).sort(), ["admin.sign_up", "favourite", "follow", "follow", "follow_request", "mention", "reblog", "update"]);
      const [newest] = (await h.notifications.listNotifications({ types: [], excludeTypes: [], page: { limit: 1 } }, await h.as(me))).notifications;
      const event = events.find((e) => e.notificationId === newest!.id)!;
      assert.deepEqual([event.accountId, event.fromAccountId, event.type], [me, newbie, "admin.sign_up"]);
    });

    it("tells a poll's author and voters that it ended, once per end", async () => {
      const { author, voter, other } = accounts("author", "voter", "other");
      const poll = post(author);
      await publishPost(h, poll);
      const ended = { pollId: "41", statusId: poll.statusId, accountId: author, voterAccountIds: [voter], endedAt: new Date("2024-05-01T12:05:00Z") };
      await h.publish("poll.ended", poll.statusId, ended);
      await h.publish("poll.ended", poll.statusId, ended);
      await h.drain();
      for (const who of [author, voter]) assert.deepEqual(await listed(who), [["poll", author, poll.statusId]]);
      assert.deepEqual(await listed(other), []);
    });

    it("tells nobody of their own actions, nor of accounts they block, mute with notifications or whose domain they block", async () => {
      const { me, blocked, muted, quiet, remote } = accounts("me", "blocked", "muted", "quiet", "remote");
      await h.publish("account.created", remote, { accountId: remote, username: "r", domain: "Blocked.example" });
      await h.publish("block.created", me, { blockId: "1", accountId: me, targetAccountId: blocked });
      await h.publish("mute.created", me, { muteId: "2", accountId: me, targetAccountId: muted, hideNotifications: true });
      await h.publish("mute.created", me, { muteId: "3", accountId: me, targetAccountId: quiet, hideNotifications: false });
      await h.publish("domain_block.created", me, { accountId: me, domain: "blocked.example" });
      await h.drain();
      const mine = post(me, { mentionedAccountIds: [me] });
      await publishPost(h, mine);
      for (const from of [me, blocked, muted, quiet, remote]) await favourite(from, mine.statusId, me);
      await h.drain();
      assert.deepEqual(await listed(me), [["favourite", quiet, mine.statusId]], "a mute without notifications keeps them");
      // Remote accounts read no notifications here.
      await publishPost(h, post(me, { mentionedAccountIds: [remote] }));
      await h.drain();
      assert.deepEqual(await listed(remote), []);
    });

    it("tells nobody who muted the conversation of mentions and favourites in it, and tells again once unmuted", async () => {
      const { me, fan } = accounts("me", "fan");
      const root = post(me);
      await publishPost(h, { ...root, conversationRootId: root.statusId });
      await h.publish("conversation.muted", me, { accountId: me, rootStatusId: root.statusId });
      await h.drain();
      const reply = post(fan, { inReplyToId: root.statusId, inReplyToAccountId: me, mentionedAccountIds: [me], conversationRootId: root.statusId });
      await publishPost(h, reply);
      await favourite(fan, root.statusId, me);
      await h.drain();
      assert.deepEqual(await listed(me), []);
      await h.publish("conversation.unmuted", me, { accountId: me, rootStatusId: root.statusId });
      await h.drain();
      await favourite(fan, root.statusId, me);
      await h.drain();
      assert.deepEqual(await listed(me), [["favourite", fan, root.statusId]]);
    });

    it("silences every kind of notification about a muted thread for the account that muted it, and only for it", async () => {
      const { me, fan, other } = accounts("me", "fan", "other");
      const root = post(me);
      await publishPost(h, { ...root, conversationRootId: root.statusId });
      await h.publish("follow.accepted", me, { followId: "90", accountId: me, targetAccountId: fan, showReblogs: true, notify: true });
      await h.publish("conversation.muted", me, { accountId: me, rootStatusId: root.statusId });
      await h.drain();
      // fan replies in the thread mentioning both (mention; a `status` post for me, who asked to hear of fan's posts).
      const reply = post(fan, { inReplyToId: root.statusId, inReplyToAccountId: me, mentionedAccountIds: [me, other], conversationRootId: root.statusId });
      await publishPost(h, reply);
      await h.drain();
      await favourite(fan, root.statusId, me);
      await reblog(fan, { statusId: root.statusId, accountId: me });
      await reblog(me, reply);
      await h.drain();
      await h.publish("status.updated", reply.statusId, { statusId: reply.statusId, accountId: fan, visibility: "public", local: true, editedAt: new Date(), mentionedAccountIds: [me, other], tags: [], hasMedia: false });
      await h.publish("poll.ended", root.statusId, { pollId: "91", statusId: root.statusId, accountId: me, voterAccountIds: [other], endedAt: new Date() });
      await h.drain();
      assert.deepEqual(await listed(me), [], "no mention, status, favourite, reblog, update or poll notification about the muted thread");
      assert.deepEqual(await listed(other), [["poll", me, root.statusId], ["mention", fan, reply.statusId]], "another participant still hears of it");
    });

    it("keeps notifications when a favourite or follow is undone, drops those of a deleted status and of an answered request", async () => {
      const { me, fan, asker } = accounts("me", "fan", "asker");
      await follow(h, fan, me);
      await h.drain();
      const mine = post(me);
      await publishPost(h, mine);
      await favourite(fan, mine.statusId, me, "500");
      await favourite(fan, mine.statusId, me, "500");
      const mention = post(fan, { mentionedAccountIds: [me] });
      await publishPost(h, mention);
      await h.publish("follow.requested", asker, { requestId: "9", accountId: asker, targetAccountId: me });
      await h.drain();
      assert.equal((await listed(me)).length, 4, "the same favourite twice is told once");
      await h.publish("favourite.deleted", mine.statusId, { favouriteId: "500", accountId: fan, statusId: mine.statusId, statusAccountId: me });
      await h.publish("follow.removed", fan, { accountId: fan, targetAccountId: me });
      await deletePost(h, mention.statusId, fan);
      await h.publish("follow.accepted", asker, { followId: "10", accountId: asker, targetAccountId: me, showReblogs: true, notify: false, requestId: "9" });
      await h.drain();
      // The accepted follow's options change later: announced as follow.accepted again, it tells nothing new.
      await h.publish("follow.accepted", asker, { followId: "10", accountId: asker, targetAccountId: me, showReblogs: false, notify: true });
      await h.drain();
      assert.deepEqual(await listed(me), [["favourite", fan, mine.statusId], ["follow", fan, null]]);
      // A mention whose status was deleted before its creation arrived tells nobody.
      const late = post(fan, { mentionedAccountIds: [me] });
      await deletePost(h, late.statusId, fan);
      await h.drain();
      await publishPost(h, late);
      await h.drain();
      assert.equal((await listed(me)).length, 2);
    });

    it("filters by types, exclude_types and account, pages newest first, gets, dismisses and clears", async () => {
      const { me, a, b } = accounts("me", "a", "b");
      await follow(h, a, me);
      await h.drain();
      await follow(h, b, me);
      await h.drain();
      const mention = await publishPost(h, post(a, { mentionedAccountIds: [me] }));
      await h.drain();
      assert.deepEqual(await listed(me, { types: ["mention"] }), [["mention", a, mention]]);
      assert.deepEqual(await listed(me, { excludeTypes: ["mention"] }), [["follow", b, null], ["follow", a, null]]);
      assert.deepEqual(await listed(me, { accountId: a }), [["mention", a, mention], ["follow", a, null]]);
      const as = await h.as(me);
      const all = (await h.notifications.listNotifications({ types: [], excludeTypes: [], page: {} }, as)).notifications;
      const older = (await h.notifications.listNotifications({ types: [], excludeTypes: [], page: { maxId: all[0]!.id, limit: 1 } }, as)).notifications;
      assert.deepEqual(older.map((n) => n.id), [all[1]!.id]);
      assert.equal((await h.notifications.getNotification({ id: all[0]!.id }, as)).notification!.type, "mention");
      await assert.rejects(h.notifications.getNotification({ id: all[0]!.id }, await h.as(a)), /NOT_FOUND|not found/i, "someone else's notification is not found");
      await h.notifications.dismissNotification({ id: all[0]!.id }, as);
      await assert.rejects(h.notifications.dismissNotification({ id: all[0]!.id }, as), /not found/i);
      assert.equal((await listed(me)).length, 2);
      await h.notifications.clearNotifications({}, as);
      assert.deepEqual(await listed(me), []);
    });
  });
}
