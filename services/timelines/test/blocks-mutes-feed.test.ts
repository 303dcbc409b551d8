import assert from "node:assert/strict";
import { backends } from "./backends.ts";
import { startHarness, type Harness } from "./harness.ts";
import { accounts, follow, post, publishPost, unfollow } from "./scenario.ts";

const t = (n: number) => new Date(Date.UTC(2024, 0, 1, 0, 0, n));

for (const backend of backends()) {
  describe(`blocks and mutes in home feeds, on ${backend.name}`, function () {
    this.timeout(60_000);
    let h: Harness;
    before(async () => {
      h = await startHarness(await backend.database(), backend.kv());
    });
    after(async function () {
      await h?.stop();
      await backend.close();
    });

    const block = (accountId: string, targetAccountId: string, at?: Date) => h.publish("block.created", accountId, { blockId: "1", accountId, targetAccountId }, at);
    const unblock = (accountId: string, targetAccountId: string, at?: Date) => h.publish("block.removed", accountId, { accountId, targetAccountId }, at);
    const mute = (accountId: string, targetAccountId: string, expiresAt?: Date) =>
      h.publish("mute.created", accountId, { muteId: "1", accountId, targetAccountId, hideNotifications: true, expiresAt });
    const unmute = (accountId: string, targetAccountId: string) => h.publish("mute.removed", accountId, { accountId, targetAccountId });
    const rebuilt = async (accountId: string) => {
      await h.kv.del(`feed:home:${accountId}`, `feed:home:${accountId}:built`);
      return h.home(accountId, { limit: 40 });
    };

    it("removes a blocked account's statuses and statuses mentioning it from the blocker's home, and delivers none after", async () => {
      const { reader, writer, friend } = accounts("reader", "writer", "friend");
      await Promise.all([follow(h, reader, writer), follow(h, reader, friend)]);
      await h.drain();
      await h.home(reader);
      const own = await publishPost(h, post(writer));
      const mentioning = await publishPost(h, post(friend, { mentionedAccountIds: [writer] }));
      const plain = await publishPost(h, post(friend));
      await h.drain();
      assert.deepEqual(await h.home(reader), [plain, mentioning, own]);
      await block(reader, writer);
      await h.drain();
      assert.deepEqual(await h.home(reader), [plain]);
      const later = await publishPost(h, post(writer));
      const laterMention = await publishPost(h, post(friend, { mentionedAccountIds: [writer] }));
      await h.drain();
      assert.deepEqual(await h.home(reader), [plain], "no delivery while blocked");
      assert.deepEqual(await rebuilt(reader), [plain], "a rebuild keeps them out too");
      await unblock(reader, writer);
      await h.drain();
      assert.deepEqual(await rebuilt(reader), [laterMention, later, plain, mentioning, own]);
    });

    it("leaves blocked, muted and blocking authors out of a signed-in viewer's public timeline only", async () => {
      const { viewer, blocked, muted, blocker, other } = accounts("viewer", "blocked", "muted", "blocker", "other");
      await Promise.all([block(viewer, blocked), mute(viewer, muted), block(blocker, viewer)]);
      const posts: string[] = [];
      for (const author of [blocked, muted, blocker, other]) posts.push(await publishPost(h, post(author)));
      await h.drain();
      const seenBy = async (viewerId?: string) => (await h.publicTimeline({ limit: 200 }, {}, viewerId)).filter((id) => posts.includes(id));
      assert.deepEqual(await seenBy(viewer), [posts[3]]);
      assert.deepEqual(await seenBy(), [...posts].reverse(), "anonymous readers see every public status");
    });

    it("keeps a blocking author's statuses from the accounts it blocks", async () => {
      const { reader, author } = accounts("reader", "author");
      await follow(h, reader, author);
      await h.drain();
      await h.home(reader);
      await block(author, reader);
      const hidden = await publishPost(h, post(author));
      await h.drain();
      assert.deepEqual(await h.home(reader), []);
      assert.deepEqual(await rebuilt(reader), []);
      assert.deepEqual(await h.home(author), [hidden], "the author still sees its own status");
    });

    it("hides a muted account's statuses and merges them back when the mute ends", async () => {
      const { reader, writer } = accounts("reader", "writer");
      await follow(h, reader, writer);
      await h.drain();
      await h.home(reader);
      const before = await publishPost(h, post(writer));
      await h.drain();
      await mute(reader, writer);
      await h.drain();
      assert.deepEqual(await h.home(reader), []);
      const during = await publishPost(h, post(writer));
      await h.drain();
      assert.deepEqual(await h.home(reader), []);
      await unmute(reader, writer);
      await h.drain();
      assert.deepEqual(await h.home(reader), [during, before]);
    });

    it("stops hiding at a timed mute's end even before mute.removed arrives", async () => {
      const { reader, writer } = accounts("reader", "writer");
      await follow(h, reader, writer);
      await mute(reader, writer, new Date(Date.now() - 1000));
      const status = await publishPost(h, post(writer));
      await h.drain();
      assert.deepEqual(await rebuilt(reader), [status]);
    });

    it("ignores a block.removed that happened before the block it arrives after", async () => {
      const { reader, writer } = accounts("reader", "writer");
      await follow(h, reader, writer, t(1));
      await block(reader, writer, t(3));
      await unblock(reader, writer, t(2));
      await publishPost(h, post(writer));
      await h.drain();
      assert.deepEqual(await rebuilt(reader), []);
    });

    it("removes an unfollowed account's statuses, as the follow.removed a block brings does", async () => {
      const { reader, writer } = accounts("reader", "writer");
      await follow(h, reader, writer);
      await h.drain();
      await h.home(reader);
      await publishPost(h, post(writer));
      await h.drain();
      assert.equal((await h.home(reader)).length, 1);
      await unfollow(h, reader, writer);
      await h.drain();
      assert.deepEqual(await h.home(reader), []);
    });
  });
}
