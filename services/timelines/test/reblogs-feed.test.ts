import assert from "node:assert/strict";
import { backends } from "./backends.ts";
import { startHarness, type Harness } from "./harness.ts";
import { accounts, deletePost, follow, post, publishPost } from "./scenario.ts";

for (const backend of backends()) {
  describe(`reblogs in home feeds, on ${backend.name}`, function () {
    this.timeout(60_000);
    let h: Harness;
    before(async () => {
      h = await startHarness(await backend.database(), backend.kv());
    });
    after(async function () {
      await h?.stop();
      await backend.close();
    });

    const reblogOf = (rebloggerId: string, originalId: string, originalAuthorId: string) =>
      publishPost(h, post(rebloggerId, { reblogOfId: originalId, reblogOfAccountId: originalAuthorId }));
    const rebuilt = async (accountId: string) => {
      await h.kv.del(`feed:home:${accountId}`, `feed:home:${accountId}:built`);
      return h.home(accountId, { limit: 40 });
    };

    it("delivers a reblog to the reblogger and its followers, keeps it off public timelines, and removes it when undone", async () => {
      const { reader, booster, author } = accounts("reader", "booster", "author");
      await follow(h, reader, booster);
      await h.drain();
      await Promise.all([h.home(reader), h.home(booster)]);
      const original = await publishPost(h, post(author));
      await h.drain();
      const reblog = await reblogOf(booster, original, author);
      await h.drain();
      assert.deepEqual(await h.home(reader), [reblog]);
      assert.deepEqual(await h.home(booster), [reblog]);
      assert.equal((await h.publicTimeline({ limit: 40 })).includes(reblog), false, "public timelines leave reblogs out");
      assert.deepEqual(await rebuilt(reader), [reblog], "a rebuild finds the reblog again");
      await deletePost(h, reblog, booster);
      await h.drain();
      assert.deepEqual(await h.home(reader), []);
    });

    it("does not deliver reblogs to followers that hide the reblogger's reblogs, also on a rebuild", async () => {
      const { reader, booster, author } = accounts("reader", "booster", "author");
      await h.publish("follow.accepted", reader, { followId: "1", accountId: reader, targetAccountId: booster, showReblogs: false, notify: false });
      await h.drain();
      await h.home(reader);
      const own = await publishPost(h, post(booster));
      const original = await publishPost(h, post(author));
      await h.drain();
      await reblogOf(booster, original, author);
      await h.drain();
      assert.deepEqual(await h.home(reader), [own]);
      assert.deepEqual(await rebuilt(reader), [own]);
    });

    it("skips a reblog when the original or another reblog of it is among the feed's newest 40 entries", async () => {
      const { reader, author, first, second, other } = accounts("reader", "author", "first", "second", "other");
      await Promise.all([follow(h, reader, author), follow(h, reader, first), follow(h, reader, second), follow(h, other, first), follow(h, other, second)]);
      await h.drain();
      await Promise.all([h.home(reader), h.home(other)]);
      const original = await publishPost(h, post(author));
      await h.drain();
      const firstReblog = await reblogOf(first, original, author);
      await h.drain();
      const secondReblog = await reblogOf(second, original, author);
      await h.drain();
      assert.deepEqual(await h.home(reader), [original], "the original is already there");
      assert.deepEqual(await h.home(other), [firstReblog], "the second reblog of the same status is skipped");
      assert.equal((await h.home(second)).includes(secondReblog), true, "the reblogger still gets its own reblog");
    });

    it("hides a reblog from readers who block or mute the reblogged author, or whom that author blocks", async () => {
      const { muter, blocked, fan, booster, author } = accounts("muter", "blocked", "fan", "booster", "author");
      await Promise.all([follow(h, muter, booster), follow(h, blocked, booster), follow(h, fan, booster)]);
      await h.publish("mute.created", muter, { muteId: "1", accountId: muter, targetAccountId: author, hideNotifications: true, expiresAt: undefined });
      await h.publish("block.created", author, { blockId: "2", accountId: author, targetAccountId: blocked });
      await h.drain();
      await Promise.all([h.home(muter), h.home(blocked), h.home(fan)]);
      const original = await publishPost(h, post(author));
      await h.drain();
      const reblog = await reblogOf(booster, original, author);
      await h.drain();
      assert.deepEqual(await h.home(fan), [reblog]);
      assert.deepEqual(await h.home(muter), []);
      assert.deepEqual(await h.home(blocked), []);
      assert.deepEqual(await rebuilt(muter), [], "a rebuild keeps it out too");
    });
  });
}
