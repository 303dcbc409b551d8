import assert from "node:assert/strict";
import { decodeStreamMessage, streamChannels } from "@starling/events";
import { ListsServiceClient } from "@starling/proto/timelines/v1/lists";
import { connectService } from "@starling/runtime";
import { waitFor } from "@starling/testkit";
import { backends } from "./backends.ts";
import { startHarness, viewerTokenOf, type Harness } from "./harness.ts";
import { accounts, deletePost, follow, post, publishPost } from "./scenario.ts";

for (const backend of backends()) {
  describe(`the streaming fan-out on pub/sub, on ${backend.name}`, function () {
    this.timeout(60_000);
    let h: Harness;
    const heard = new Map<string, string[]>();
    before(async () => {
      h = await startHarness(await backend.database(), backend.kv());
    });
    after(async function () {
      await h?.stop();
      await backend.close();
    });

    // Messages of a channel as "event id" strings, in arrival order.
    const listen = async (channel: string) => {
      heard.set(channel, []);
      await h.kv.subscribe(channel, (text) => {
        const message = decodeStreamMessage(text);
        heard.get(channel)?.push(message ? `${message.event} ${message.statusId ?? message.notification?.notificationId}` : text);
      });
    };
    // Everything a channel got once all handled events' messages have arrived: a marker published
    // after them on the same connection arrives after them.
    const settled = async (channel: string) => {
      await h.drain();
      await h.kv.publish(channel, "marker");
      const messages = await waitFor(() => heard.get(channel)?.includes("marker") && heard.get(channel), { what: `the marker on ${channel}` });
      heard.set(channel, []);
      return messages.filter((m) => m !== "marker");
    };

    it("streams update, status.update and delete to the homes a status reaches and to the public streams it is broadcast on", async () => {
      const { writer, reader, blocker, stranger } = accounts("writer", "reader", "blocker", "stranger");
      await Promise.all([follow(h, reader, writer), follow(h, blocker, writer), h.publish("block.created", blocker, { blockId: "1", accountId: blocker, targetAccountId: writer })]);
      await h.drain();
      const channels = {
        writer: streamChannels.home(writer),
        reader: streamChannels.home(reader),
        blocker: streamChannels.home(blocker),
        stranger: streamChannels.home(stranger),
        public: streamChannels.public("all"),
        remote: streamChannels.public("remote"),
        media: streamChannels.public("local", true),
        tag: streamChannels.hashtag("cats", true),
      };
      for (const channel of Object.values(channels)) await listen(channel);
      const open = await publishPost(h, post(writer, { tags: ["cats"] }));
      const hidden = await publishPost(h, post(writer, { visibility: "private" }));
      await h.publish("status.updated", open, { statusId: open, accountId: writer, visibility: "public", local: true, language: "en", mentionedAccountIds: [], tags: ["cats"], hasMedia: false });
      await h.publish("status.deleted", open, { statusId: open, accountId: writer, visibility: "public", local: true, tags: ["cats"], hasMedia: false });
      const sorted = async (channel: string) => (await settled(channel)).sort();
      const all = [`delete ${open}`, `status.update ${open}`, `update ${hidden}`, `update ${open}`].sort();
      assert.deepEqual(await sorted(channels.writer), all);
      assert.deepEqual(await sorted(channels.reader), all);
      assert.deepEqual(await sorted(channels.public), [`delete ${open}`, `status.update ${open}`, `update ${open}`]);
      assert.deepEqual(await sorted(channels.tag), [`delete ${open}`, `status.update ${open}`, `update ${open}`]);
      // A blocked author reaches no stream of the blocker, only its delete (harmless, as Mastodon).
      assert.deepEqual(await sorted(channels.blocker), [`delete ${open}`]);
      for (const channel of [channels.stranger, channels.remote, channels.media]) assert.deepEqual(await settled(channel), [], channel);
    });

    it("streams update, status.update and delete of a member's statuses to the list streams whose feeds they enter", async () => {
      const { owner, member, other } = accounts("owner", "member", "other");
      await Promise.all([follow(h, owner, member), follow(h, owner, other)]);
      await h.drain();
      const lists = connectService(ListsServiceClient, `127.0.0.1:${h.grpcPort}`, { deadlineMs: 10_000 });
      try {
        const as = { viewerToken: await viewerTokenOf(owner) };
        const [members, followed] = [(await lists.createList({ title: "members" }, as)).list!, (await lists.createList({ title: "followed", repliesPolicy: "followed" }, as)).list!];
        for (const list of [members, followed]) await lists.addListAccounts({ listId: list.id, accountIds: [member] }, as);
        for (const list of [members, followed]) await listen(streamChannels.list(list.id));
        const open = await publishPost(h, post(member));
        const reply = await publishPost(h, post(member, { inReplyToId: open, inReplyToAccountId: member }));
        const toOther = await publishPost(h, post(member, { inReplyToId: "1", inReplyToAccountId: other }));
        await publishPost(h, post(other));
        await publishPost(h, post(member, { visibility: "direct", mentionedAccountIds: [owner] }));
        await h.publish("status.updated", open, { statusId: open, accountId: member, visibility: "public", local: true, language: "en", mentionedAccountIds: [], tags: [], hasMedia: false });
        await deletePost(h, open, member);
        const sorted = async (listId: string) => (await settled(streamChannels.list(listId))).sort();
        // Both take the self-reply; only `followed` the reply to a followed non-member; neither other's posts nor the direct one.
        const common = [`delete ${open}`, `status.update ${open}`, `update ${open}`, `update ${reply}`];
        assert.deepEqual(await sorted(members.id), common.sort());
        assert.deepEqual(await sorted(followed.id), [...common, `update ${toOther}`].sort());
      } finally {
        lists.close();
      }
    });

    it("streams each notification.created to its recipient's notifications channel", async () => {
      const { recipient, other } = accounts("recipient", "other");
      await listen(streamChannels.notifications(recipient));
      await listen(streamChannels.notifications(other));
      await h.publish("notification.created", recipient, { notificationId: "77", accountId: recipient, type: "follow", fromAccountId: other, createdAt: new Date() });
      assert.deepEqual(await settled(streamChannels.notifications(recipient)), ["notification 77"]);
      assert.deepEqual(await settled(streamChannels.notifications(other)), []);
    });

    it("streams moderation's announcement events once, on the announcements channel every user stream hears", async () => {
      const channel = streamChannels.announcements();
      const messages: unknown[] = [];
      await h.kv.subscribe(channel, (text) => void messages.push(decodeStreamMessage(text) ?? text));
      const now = new Date();
      const announcement = { id: "9", text: "Hello", content: "<p>Hello</p>", allDay: false, published: true, publishedAt: now, createdAt: now, updatedAt: now, mentions: [], tags: [], emojis: [], reactions: [] };
      await h.publish("announcement.published", "9", { announcement });
      await h.publish("announcement.reaction", "9", { announcementId: "9", name: "🎉", count: 2 });
      await h.publish("announcement.deleted", "9", { announcementId: "9" });
      await h.drain();
      await h.kv.publish(channel, "marker");
      await waitFor(() => messages.includes("marker"), { what: "the marker on the announcements channel" });
      const events = messages.filter((m) => m !== "marker") as { event: string; announcement?: { id: string; content: string }; announcementReaction?: { name: string; count: number }; payload?: string }[];
      assert.deepEqual(events.map((m) => m.event), ["announcement", "announcement.reaction", "announcement.delete"]);
      assert.deepEqual([events[0]!.announcement?.id, events[0]!.announcement?.content], ["9", "<p>Hello</p>"]);
      assert.deepEqual([events[1]!.announcementReaction?.name, events[1]!.announcementReaction?.count], ["🎉", 2]);
      assert.equal(events[2]!.payload, "9");
    });
  });
}
