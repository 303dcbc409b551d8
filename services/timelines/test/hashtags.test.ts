import assert from "node:assert/strict";
import { TagsServiceClient, type GetTagTimelineRequest } from "@starling/proto/timelines/v1/tags";
import { connectService, type AsyncClient } from "@starling/runtime";
import { backends } from "./backends.ts";
import { startHarness, viewerTokenOf, type Harness } from "./harness.ts";
import { accounts, follow, post, publishPost } from "./scenario.ts";

for (const backend of backends()) {
  describe(`hashtags, on ${backend.name}`, function () {
    this.timeout(60_000);
    let h: Harness;
    let tags: AsyncClient<TagsServiceClient>;
    const { reader, writer, remote, stranger, muted, blockedDomain } = accounts("reader", "writer", "remote", "stranger", "muted", "blockedDomain");
    const ids: Record<string, string> = {};

    const timeline = async (tag: string, extra: Partial<GetTagTimelineRequest> = {}, viewer?: string) =>
      (await tags.getTagTimeline({ tag, any: [], all: [], none: [], local: false, remote: false, onlyMedia: false, ...extra }, { viewerToken: await viewerTokenOf(viewer) })).statusIds;

    before(async function () {
      h = await startHarness(await backend.database(), backend.kv());
      tags = connectService(TagsServiceClient, `127.0.0.1:${h.grpcPort}`, { deadlineMs: 10_000 });
      ids.cafe = await publishPost(h, post(writer, { tags: ["cafe"] }));
      ids.cafeTea = await publishPost(h, post(writer, { tags: ["cafe", "tea"] }));
      ids.teaRemote = await publishPost(h, post(remote, { local: false, tags: ["tea"], hasMedia: true }));
      ids.unlisted = await publishPost(h, post(writer, { visibility: "unlisted", tags: ["cafe"] }));
      ids.reblog = await publishPost(h, post(writer, { reblogOfId: ids.cafe, reblogOfAccountId: writer }));
      await h.drain();
    });

    after(async function () {
      tags?.close();
      await h?.stop();
      await backend.close();
    });

    it("lists public statuses with the tag, newest first, whatever case and accents the client writes", async () => {
      assert.deepEqual(await timeline("cafe"), [ids.cafeTea, ids.cafe]);
      assert.deepEqual(await timeline("CAFÉ"), [ids.cafeTea, ids.cafe]);
      assert.deepEqual(await timeline("nothing"), []);
      assert.deepEqual(await timeline("not a tag"), []);
    });

    it("applies any[], all[], none[], local, remote and only_media", async () => {
      assert.deepEqual(await timeline("cafe", { any: ["Tea"] }), [ids.teaRemote, ids.cafeTea, ids.cafe]);
      assert.deepEqual(await timeline("cafe", { all: ["tea"] }), [ids.cafeTea]);
      assert.deepEqual(await timeline("cafe", { none: ["TEA"] }), [ids.cafe]);
      assert.deepEqual(await timeline("tea", { remote: true }), [ids.teaRemote]);
      assert.deepEqual(await timeline("tea", { local: true }), [ids.cafeTea]);
      assert.deepEqual(await timeline("tea", { onlyMedia: true }), [ids.teaRemote]);
      assert.deepEqual(await timeline("cafe", { page: { limit: 1, maxId: ids.cafeTea } }), [ids.cafe]);
    });

    it("shows a tag with seven days of history, today first, counting uses and distinct accounts", async () => {
      const tag = await tags.getTag({ tag: "Café" }, {});
      assert.equal(tag.name, "cafe");
      assert.equal(tag.following, undefined);
      assert.equal(tag.history.length, 7);
      const today = Math.floor(Date.now() / 86_400_000) * 86_400;
      assert.deepEqual(tag.history[0], { day: today, uses: 3, accounts: 1 });
      assert.deepEqual(tag.history[1], { day: today - 86_400, uses: 0, accounts: 0 });
      await assert.rejects(tags.getTag({ tag: "a b" }, {}), /NOT_FOUND|Record not found/);
    });

    it("follows and unfollows tags, lists them newest first, and brings followed tags' posts home unless the author is muted", async () => {
      const token = await viewerTokenOf(reader);
      assert.equal((await tags.followTag({ tag: "Tea" }, { viewerToken: token })).following, true);
      assert.equal((await tags.followTag({ tag: "tea" }, { viewerToken: token })).following, true);
      await tags.followTag({ tag: "cafe" }, { viewerToken: token });
      assert.deepEqual((await tags.listFollowedTags({}, { viewerToken: token })).tags.map((t) => t.tag?.name), ["cafe", "tea"]);
      assert.equal((await tags.getTag({ tag: "tea" }, { viewerToken: token })).following, true);
      await h.publish("mute.created", reader, { muteId: "1", accountId: reader, targetAccountId: muted, hideNotifications: true });
      await follow(h, reader, writer);
      await h.drain();
      const fromStranger = await publishPost(h, post(stranger, { local: false, tags: ["tea"] }));
      const privateOne = await publishPost(h, post(stranger, { visibility: "unlisted", tags: ["tea"] }));
      const fromMuted = await publishPost(h, post(muted, { tags: ["tea"] }));
      await h.drain();
      const home = await h.home(reader, { limit: 40 });
      assert.ok(home.includes(fromStranger), "a non-followed account's post with a followed tag is home");
      assert.ok(!home.includes(privateOne), "an unlisted post is not");
      assert.ok(!home.includes(fromMuted), "a muted author's post is not");
      assert.equal((await tags.unfollowTag({ tag: "tea" }, { viewerToken: token })).following, false);
      assert.deepEqual((await tags.listFollowedTags({}, { viewerToken: token })).tags.map((t) => t.tag?.name), ["cafe"]);
      await assert.rejects(tags.followTag({ tag: "tea" }, {}), /UNAUTHENTICATED|authenticated/);
    });

    it("keeps a followed tag's post from a domain the follower blocks out of its home", async () => {
      const token = await viewerTokenOf(reader);
      await tags.followTag({ tag: "soup" }, { viewerToken: token });
      await h.publish("account.created", blockedDomain, { accountId: blockedDomain, username: "x", domain: "Blocked.example" });
      await h.publish("domain_block.created", reader, { accountId: reader, domain: "blocked.example" });
      await h.drain();
      const blocked = await publishPost(h, post(blockedDomain, { local: false, tags: ["soup"] }));
      const allowed = await publishPost(h, post(remote, { local: false, tags: ["soup"] }));
      await h.drain();
      const home = await h.home(reader, { limit: 40 });
      assert.ok(home.includes(allowed), "another domain's post with the tag is home");
      assert.ok(!home.includes(blocked), "the blocked domain's is not");
    });

    it("moves an edited status to its new hashtags and media flag, and ignores an edit older than the one applied", async () => {
      const edited = post(writer, { tags: ["bread"] });
      await publishPost(h, edited);
      await h.drain();
      const edit = (tags: string[], hasMedia: boolean, editedAt: Date) =>
        h.publish("status.updated", edited.statusId, { statusId: edited.statusId, accountId: writer, visibility: "public", local: true, editedAt, mentionedAccountIds: [], tags, hasMedia });
      await edit(["jam", "butter"], true, new Date(Date.now() + 2_000));
      await h.drain();
      assert.deepEqual(await timeline("bread"), [], "the removed tag's timeline no longer shows it");
      assert.deepEqual(await timeline("jam", { onlyMedia: true }), [edited.statusId]);
      assert.deepEqual(await timeline("butter"), [edited.statusId]);
      assert.equal((await tags.getTag({ tag: "jam" }, {})).history[0]!.uses, 1, "the history counts the new tag");
      assert.equal((await tags.getTag({ tag: "bread" }, {})).history[0]!.uses, 0, "and no longer the old one");
      await edit(["bread"], false, new Date(Date.now() + 1_000));
      await h.drain();
      assert.deepEqual(await timeline("bread"), [], "an older edit arriving late changes nothing");
      assert.deepEqual(await timeline("jam", { onlyMedia: true }), [edited.statusId]);
    });
  });
}
