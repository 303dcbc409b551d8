import assert from "node:assert/strict";
import { decodeStreamMessage, streamChannels } from "@starling/events";
import { ConversationsServiceClient } from "@starling/proto/timelines/v1/conversations";
import type { PageRequest } from "@starling/proto/common/v1/page";
import { connectService, type AsyncClient } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { backends } from "./backends.ts";
import { startHarness, type Harness } from "./harness.ts";
import { accounts, deletePost, post, publishPost } from "./scenario.ts";

for (const backend of backends()) {
  describe(`direct conversations, on ${backend.name}`, function () {
    this.timeout(60_000);
    let h: Harness;
    let conversations: AsyncClient<ConversationsServiceClient>;
    before(async () => {
      h = await startHarness(await backend.database(), backend.kv());
      conversations = connectService(ConversationsServiceClient, `127.0.0.1:${h.grpcPort}`, { deadlineMs: 10_000 });
    });
    after(async function () {
      conversations?.close();
      await h?.stop();
      await backend.close();
    });

    // Each conversation as [participants, last status, unread].
    const listed = async (accountId: string, page: PageRequest = {}) =>
      (await conversations.listConversations({ page }, await h.as(accountId))).conversations.map((c) => [c.participantAccountIds, c.lastStatusId, c.unread]);
    const idsOf = async (accountId: string) => (await conversations.listConversations({}, await h.as(accountId))).conversations.map((c) => c.id);
    const direct = (from: string, to: string[], extra: Parameters<typeof post>[1] = {}) => post(from, { visibility: "direct", mentionedAccountIds: to, ...extra });

    it("gives a direct message's author a read conversation and each recipient an unread one, and nobody else any", async () => {
      const { me, friend, third, other } = accounts("me", "friend", "third", "other");
      const first = direct(me, [friend, third]);
      await publishPost(h, { ...first, conversationRootId: first.statusId });
      await publishPost(h, post(me, { mentionedAccountIds: [other] }));
      await h.drain();
      const everyoneBut = (id: string) => [me, friend, third].filter((x) => x !== id).sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
      assert.deepEqual(await listed(me), [[everyoneBut(me), first.statusId, false]]);
      assert.deepEqual(await listed(friend), [[everyoneBut(friend), first.statusId, true]]);
      assert.deepEqual(await listed(third), [[everyoneBut(third), first.statusId, true]]);
      assert.deepEqual(await listed(other), [], "a public mention makes no conversation");

      const reply = direct(friend, [me, third], { inReplyToId: first.statusId, inReplyToAccountId: me, conversationRootId: first.statusId });
      await publishPost(h, reply);
      await publishPost(h, reply);
      await h.drain();
      assert.deepEqual(await listed(me), [[everyoneBut(me), reply.statusId, true]], "a reply in the thread makes it unread again");
      assert.deepEqual(await listed(friend), [[everyoneBut(friend), reply.statusId, false]]);
    });

    it("marks a conversation read and removes it for one account only, until the thread goes on", async () => {
      const { me, friend, stranger } = accounts("me", "friend", "stranger");
      const first = direct(me, [friend]);
      await publishPost(h, { ...first, conversationRootId: first.statusId });
      await h.drain();
      const [friendsId] = await idsOf(friend);
      await assert.rejects(conversations.markConversationRead({ id: friendsId! }, await h.as(stranger)), /NOT_FOUND/);
      await assert.rejects(conversations.markConversationRead({ id: "not-an-id" }, await h.as(friend)), /NOT_FOUND/);
      const read = await conversations.markConversationRead({ id: friendsId! }, await h.as(friend));
      assert.deepEqual([read.conversation?.id, read.conversation?.unread], [friendsId, false]);
      assert.deepEqual(await listed(friend), [[[me], first.statusId, false]]);

      const [myId] = await idsOf(me);
      await assert.rejects(conversations.removeConversation({ id: myId! }, await h.as(friend)), /NOT_FOUND/);
      await conversations.removeConversation({ id: myId! }, await h.as(me));
      assert.deepEqual(await listed(me), []);
      assert.deepEqual(await listed(friend), [[[me], first.statusId, false]], "the other participant keeps theirs");
      const answer = direct(friend, [me], { inReplyToId: first.statusId, inReplyToAccountId: me, conversationRootId: first.statusId });
      await publishPost(h, answer);
      await h.drain();
      assert.deepEqual(await listed(me), [[[friend], answer.statusId, true]], "a later message brings it back");
    });

    it("falls back to the previous status when the last is deleted, and drops a conversation left empty", async () => {
      const { me, friend } = accounts("me", "friend");
      const first = direct(me, [friend]);
      const second = direct(me, [friend], { inReplyToId: first.statusId, inReplyToAccountId: me, conversationRootId: first.statusId });
      await publishPost(h, { ...first, conversationRootId: first.statusId });
      await publishPost(h, second);
      await h.drain();
      await deletePost(h, second.statusId, me);
      await h.drain();
      assert.deepEqual(await listed(friend), [[[me], first.statusId, true]]);
      await deletePost(h, first.statusId, me);
      await h.drain();
      assert.deepEqual(await listed(friend), []);
      assert.deepEqual(await listed(me), []);
    });

    it("follows the mention rules: nothing for a recipient who blocks the author or muted the thread; a remote author's message reaches local recipients", async () => {
      const { me, blocker, muter, remote } = accounts("me", "blocker", "muter", "remote");
      await h.publish("block.created", blocker, { blockId: "9", accountId: blocker, targetAccountId: me });
      await h.publish("account.created", remote, { accountId: remote, username: "r", domain: "remote.example" });
      const root = post(muter);
      await publishPost(h, { ...root, conversationRootId: root.statusId });
      await h.publish("conversation.muted", muter, { accountId: muter, rootStatusId: root.statusId });
      await h.drain();
      await publishPost(h, direct(me, [blocker]));
      await publishPost(h, direct(me, [muter], { inReplyToId: root.statusId, inReplyToAccountId: muter, conversationRootId: root.statusId }));
      const fromRemote = direct(remote, [me], { local: false });
      await publishPost(h, fromRemote);
      await h.drain();
      assert.deepEqual(await listed(blocker), []);
      assert.deepEqual(await listed(muter), []);
      assert.deepEqual(await listed(remote), [], "a remote author keeps no conversation here");
      assert.deepEqual((await listed(me))[0], [[remote], fromRemote.statusId, true]);
    });

    it("pages conversations by their last status, newest first", async () => {
      const { me, a, b, c } = accounts("me", "a", "b", "c");
      const sent = [direct(me, [a]), direct(me, [b]), direct(me, [c])];
      for (const s of sent) await publishPost(h, s);
      await h.drain();
      const [s1, s2, s3] = sent.map((s) => s.statusId);
      assert.deepEqual((await listed(me, { limit: 2 })).map((c) => c[1]), [s3, s2]);
      assert.deepEqual((await listed(me, { maxId: s2 })).map((c) => c[1]), [s1]);
      assert.deepEqual((await listed(me, { minId: s1, limit: 1 })).map((c) => c[1]), [s2]);
      await assert.rejects(conversations.listConversations({ page: { maxId: "x" } }, await h.as(me)), /INVALID_ARGUMENT/);
    });

    it("streams each change of a conversation to its account's direct channel", async () => {
      const { me, friend } = accounts("me", "friend");
      const heard: string[] = [];
      await h.kv.subscribe(streamChannels.direct(friend), (text) => {
        const message = decodeStreamMessage(text);
        if (message?.event === "conversation") heard.push(`${message.conversation?.lastStatusId} ${message.conversation?.unread}`);
      });
      const sent = direct(me, [friend]);
      await publishPost(h, sent);
      await h.drain();
      await waitFor(() => heard.length >= 1, { what: "the conversation event" });
      const [id] = await idsOf(friend);
      await conversations.markConversationRead({ id: id! }, await h.as(friend));
      await waitFor(() => heard.length >= 2, { what: "the read conversation event" });
      assert.deepEqual(heard, [`${sent.statusId} true`, `${sent.statusId} false`]);
    });
  });
}
