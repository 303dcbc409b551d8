import assert from "node:assert/strict";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { backends } from "./backends.ts";
import { startHarness, type Harness } from "./harness.ts";
import { accounts, deletePost, follow, post, publishPost, unfollow } from "./scenario.ts";

/** Walks pages as a client following Link headers does: next = max_id of the last, prev = min_id of the first. */
async function walkOlder(read: (maxId: string) => Promise<string[]>): Promise<string[][]> {
  const pages: string[][] = [];
  for (let page = await read(""); page.length > 0; page = await read(page[page.length - 1]!)) pages.push(page);
  return pages;
}

for (const backend of backends()) {
  describe(`reading timelines over gRPC, on ${backend.name}`, function () {
    this.timeout(60_000);
    let h: Harness;
    const { reader, writer, remote } = accounts("reader", "writer", "remote");
    const posted: string[] = [];

    before(async function () {
      h = await startHarness(await backend.database(), backend.kv());
      await follow(h, reader, writer);
      await h.drain();
      await h.home(reader);
      for (let i = 0; i < 45; i++) posted.push(await publishPost(h, post(i % 5 === 0 ? remote : writer, { local: i % 5 !== 0 })));
      await h.drain();
    });

    after(async function () {
      await h?.stop();
      await backend.close();
    });

    const newestFirst = () => [...posted].reverse();
    const fromWriter = () => newestFirst().filter((_, i) => (posted.length - 1 - i) % 5 !== 0);

    it("pages the home feed older with max_id until it runs out", async function () {
      const pages = await walkOlder((maxId) => h.home(reader, { maxId, limit: 10 }));
      assert.deepEqual(pages.map((p) => p.length), [10, 10, 10, 6]);
      assert.deepEqual(pages.flat(), fromWriter());
    });

    it("reads newer than since_id newest first, and just newer than min_id oldest-adjacent", async function () {
      const all = fromWriter();
      const pivot = all[20]!;
      assert.deepEqual(await h.home(reader, { sinceId: pivot, limit: 3 }), all.slice(0, 3));
      assert.deepEqual(await h.home(reader, { minId: pivot, limit: 3 }), all.slice(17, 20));
      assert.deepEqual(await h.home(reader, { minId: pivot, sinceId: all[1]!, limit: 3 }), all.slice(17, 20));
      assert.deepEqual(await h.home(reader, { minId: all[30]!, maxId: all[27]!, limit: 10 }), all.slice(28, 30));
    });

    it("defaults to 20 items, caps at 40 and takes the absolute value of a negative limit", async function () {
      assert.equal((await h.home(reader)).length, 20);
      assert.equal((await h.home(reader, { limit: 100 })).length, 36);
      assert.equal((await h.publicTimeline({ limit: 100 })).length, 40);
      assert.deepEqual(await h.home(reader, { limit: -2 }), fromWriter().slice(0, 2));
    });

    it("pages the public timeline both ways, filtered by origin", async function () {
      const pages = await walkOlder((maxId) => h.publicTimeline({ maxId, limit: 20 }));
      assert.deepEqual(pages.flat(), newestFirst());
      const remotes = newestFirst().filter((id) => !fromWriter().includes(id));
      assert.deepEqual(await h.publicTimeline({ limit: 40 }, { remote: true }), remotes);
      assert.deepEqual(await h.publicTimeline({ minId: posted[9]!, limit: 2 }, { local: true }), [posted[12]!, posted[11]!]);
      assert.deepEqual(await h.publicTimeline({ sinceId: posted[40]!, limit: 2 }, { local: false, remote: false }), [posted[44]!, posted[43]!]);
    });

    it("refuses malformed cursors with INVALID_ARGUMENT and an anonymous home with UNAUTHENTICATED", async function () {
      await assert.rejects(h.home(reader, { maxId: "12abc" }), { code: GrpcStatus.INVALID_ARGUMENT });
      await assert.rejects(h.publicTimeline({ minId: "-5" }), { code: GrpcStatus.INVALID_ARGUMENT });
      await assert.rejects(h.home(undefined), { code: GrpcStatus.UNAUTHENTICATED });
    });

    it("rebuilds a home feed from PostgreSQL after the key-value store lost it", async function () {
      const before = await h.home(reader, { limit: 40 });
      await h.kv.del(`feed:home:${reader}`, `feed:home:${reader}:built`);
      assert.deepEqual(await h.home(reader, { limit: 40 }), before);
      assert.equal(before.length, 36);
    });

    it("removes a deleted status and an unfollowed account's statuses from the home feed", async function () {
      const [newest, second] = fromWriter();
      await deletePost(h, newest!, writer);
      await h.drain();
      assert.equal((await h.home(reader, { limit: 1 }))[0], second);
      assert.deepEqual(await h.home(writer, { limit: 1 }), [second]);
      assert.ok(!(await h.publicTimeline({ limit: 1 })).includes(newest!));
      await unfollow(h, reader, writer);
      await h.drain();
      assert.deepEqual(await h.home(reader), []);
      await h.kv.del(`feed:home:${reader}`, `feed:home:${reader}:built`);
      assert.deepEqual(await h.home(reader), [], "the rebuild must not bring them back");
    });

    it("counts fan-out writes in its metrics", async function () {
      const metrics = await (await fetch(`http://127.0.0.1:${h.adminPort}/metrics`)).text();
      const fanOut = /starling_timelines_feed_writes_total\{cause="fan-out",service="timelines"\} (\d+)/.exec(metrics);
      assert.ok(fanOut && Number(fanOut[1]) >= 72, metrics.slice(0, 200));
    });
  });
}
