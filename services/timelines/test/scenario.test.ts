import assert from "node:assert/strict";
import { backends } from "./backends.ts";
import { startHarness, type Harness } from "./harness.ts";
import { playScenario } from "./scenario.ts";

for (const backend of backends()) {
  describe(`timelines fed by events, on ${backend.name}`, function () {
    this.timeout(60_000);
    let orderly: Harness;
    let chaotic: Harness;
    let world: Awaited<ReturnType<typeof playScenario>>;

    before(async function () {
      orderly = await startHarness(await backend.database(), backend.kv());
      world = await playScenario(orderly);
    });

    after(async function () {
      await orderly?.stop();
      await chaotic?.stop();
      await backend.close();
    });

    it("shows a followed account's posts in the follower's home and the author's posts in their own", function () {
      const { who, ids, observed } = world;
      assert.deepEqual(observed.homes[who.alice], [ids.s6, ids.s5, ids.s3, ids.s2, ids.s1]);
      assert.deepEqual(observed.homes[who.bob], [ids.s7, ids.s6, ids.s5, ids.s2, ids.s1]);
    });

    it("keeps a reply to a stranger out of a follower's home, but not out of the home of someone following both", function () {
      const { who, ids, observed } = world;
      assert.ok(!observed.homes[who.bob]!.includes(ids.s3));
      assert.deepEqual(observed.homes[who.carol], [ids.s6, ids.s3, ids.d1, ids.s2, ids.s1]);
    });

    it("delivers a direct status to the mentioned account only", function () {
      const { who, ids, observed } = world;
      assert.ok(observed.homes[who.bob]!.includes(ids.s5));
      assert.ok(!observed.homes[who.carol]!.includes(ids.s5));
    });

    it("drops a status deleted before or after it was fanned out", function () {
      const { ids, observed } = world;
      for (const feed of Object.values(observed.homes)) assert.ok(!feed.includes(ids.s4));
    });

    it("gives an unfollowed account nothing and merges older posts into a new follower's home", function () {
      const { who, ids, observed } = world;
      assert.deepEqual(observed.homes[who.erin], []);
      assert.deepEqual(observed.homes[who.frank], [ids.s6, ids.s2, ids.s1]);
      assert.deepEqual(observed.homes[who.dave], [ids.d1]);
    });

    it("lists public statuses without replies to others, all, local only or remote only", function () {
      const { ids, observed } = world;
      assert.deepEqual(observed.publicAll, [ids.s6, ids.d1, ids.s1]);
      assert.deepEqual(observed.publicLocal, [ids.s6, ids.s1]);
      assert.deepEqual(observed.publicRemote, [ids.d1]);
    });

    it("ends in the same state when every event arrives twice and out of order", async function () {
      chaotic = await startHarness(await backend.database(), backend.kv(), { duplicate: true, reorder: "all" });
      const again = await playScenario(chaotic);
      const rename = (feed: string[], ids: Record<string, string>) => feed.map((id) => Object.entries(ids).find(([, v]) => v === id)?.[0] ?? id);
      const names = (w: typeof world) => ({
        homes: Object.fromEntries(Object.entries(w.who).map(([name, id]) => [name, rename(w.observed.homes[id]!, w.ids)])),
        publicAll: rename(w.observed.publicAll, w.ids),
        publicLocal: rename(w.observed.publicLocal, w.ids),
        publicRemote: rename(w.observed.publicRemote, w.ids),
      });
      assert.deepEqual(names(again), names(world));
    });
  });
}
