// Staff's domain blocks on public timelines: a silenced (or suspended) server's accounts, subdomains
// and ports included, leave the public and hashtag timelines once the moderation event arrives, and
// come back when the block is lifted; local statuses and other servers are untouched. Its accounts
// notify only their followers meanwhile.
import assert from "node:assert/strict";
import { TagsServiceClient } from "@starling/proto/timelines/v1/tags";
import { connectService, type AsyncClient } from "@starling/runtime";
import { backends } from "./backends.ts";
import { startHarness, viewerTokenOf, type Harness } from "./harness.ts";
import { accounts, follow, post, publishPost } from "./scenario.ts";

for (const backend of backends()) {
  describe(`public timelines and silenced servers, on ${backend.name}`, function () {
    this.timeout(60_000);
    let h: Harness;
    let tags: AsyncClient<TagsServiceClient>;
    const { local, loud, sub, calm } = accounts("local", "loud", "sub", "calm");
    const posts: Record<string, string> = {};

    before(async function () {
      h = await startHarness(await backend.database(), backend.kv());
      tags = connectService(TagsServiceClient, `127.0.0.1:${h.grpcPort}`, { deadlineMs: 10_000 });
      for (const [id, domain] of [[loud, "loud.example"], [sub, "social.loud.example:8443"], [calm, "calm.example"]] as const) await h.publish("account.created", id, { accountId: id, username: "x", domain });
      for (const [name, id] of Object.entries({ local, loud, sub, calm })) posts[name] = await publishPost(h, post(id, { local: id === local }));
      await h.drain();
    });
    after(async function () {
      tags?.close();
      await h?.stop();
      await backend.close();
    });

    const shown = async () => new Set(await h.publicTimeline({ limit: 40 }));
    const block = (severity: string) => ({ blockId: "9001", domain: "loud.example", severity, rejectMedia: false, rejectReports: false, previousSeverity: undefined });

    it("hides a silenced server's statuses, subdomains included, and shows them again when the block is lifted", async () => {
      assert.deepEqual([...(await shown())].sort(), Object.values(posts).sort());
      await h.publish("admin_domain_block.created", "9001", block("silence"));
      await h.drain();
      const silenced = await shown();
      assert.deepEqual([posts.local, posts.calm].map((id) => silenced.has(id!)), [true, true]);
      assert.deepEqual([posts.loud, posts.sub].map((id) => silenced.has(id!)), [false, false]);
      assert.equal((await h.publicTimeline({ limit: 40 }, { remote: true })).includes(posts.loud!), false);

      await h.publish("admin_domain_block.updated", "9001", { ...block("noop"), previousSeverity: "silence" });
      await h.drain();
      assert.equal((await shown()).has(posts.loud!), true, "a noop block hides nothing");
      await h.publish("admin_domain_block.updated", "9001", { ...block("suspend"), previousSeverity: "noop" });
      await h.drain();
      assert.equal((await shown()).has(posts.loud!), false);
      await h.publish("admin_domain_block.removed", "9001", { blockId: "9001", domain: "loud.example" });
      await h.drain();
      assert.equal((await shown()).has(posts.sub!), true);
    });

    it("keeps a silenced server off hashtag timelines, and lets its accounts notify only their followers, until the block is lifted", async () => {
      const { follower, stranger } = accounts("follower", "stranger");
      const tagged = async () => (await tags.getTagTimeline({ tag: "news", any: [], all: [], none: [], local: false, remote: false, onlyMedia: false }, { viewerToken: await viewerTokenOf(undefined) })).statusIds;
      const mentions = async (accountId: string) => (await h.notifications.listNotifications({ types: ["mention"], excludeTypes: [], page: {} }, await h.as(accountId))).notifications.length;
      await follow(h, follower, loud);
      const news = { local: await publishPost(h, post(local, { tags: ["news"] })), sub: await publishPost(h, post(sub, { local: false, tags: ["news"] })) };
      await h.drain();
      assert.deepEqual(await tagged(), [news.sub, news.local]);

      await h.publish("admin_domain_block.created", "9002", { ...block("silence"), blockId: "9002" });
      await h.drain();
      assert.deepEqual(await tagged(), [news.local]);
      await publishPost(h, post(loud, { local: false, mentionedAccountIds: [follower, stranger] }));
      await h.drain();
      assert.deepEqual([await mentions(follower), await mentions(stranger)], [1, 0]);

      await h.publish("admin_domain_block.removed", "9002", { blockId: "9002", domain: "loud.example" });
      await h.drain();
      assert.deepEqual(await tagged(), [news.sub, news.local]);
      await publishPost(h, post(loud, { local: false, mentionedAccountIds: [stranger] }));
      await h.drain();
      assert.equal(await mentions(stranger), 1);
    });
  });
}
