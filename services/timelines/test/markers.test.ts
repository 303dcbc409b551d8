import assert from "node:assert/strict";
import { backends } from "./backends.ts";
import { startHarness, type Harness } from "./harness.ts";
import { accounts } from "./scenario.ts";

for (const backend of backends()) {
  describe(`markers, on ${backend.name}`, function () {
    this.timeout(60_000);
    let h: Harness;
    before(async () => {
      h = await startHarness(await backend.database(), backend.kv());
    });
    after(async function () {
      await h?.stop();
      await backend.close();
    });

    it("saves home and notifications positions, one version more per save, and reads back only the asked ones", async () => {
      const { me } = accounts("me");
      const as = await h.as(me);
      const first = await h.markers.saveMarkers({ positions: [{ timeline: "home", lastReadId: "100" }, { timeline: "notifications", lastReadId: "7" }, { timeline: "lists", lastReadId: "1" }] }, as);
      assert.deepEqual(first.markers.map((m) => [m.timeline, m.lastReadId, m.version]), [["home", "100", 1], ["notifications", "7", 1]]);
      await h.markers.saveMarkers({ positions: [{ timeline: "home", lastReadId: "120" }] }, as);
      const read = await h.markers.getMarkers({ timelines: ["home", "notifications"] }, as);
      assert.deepEqual(read.markers.map((m) => [m.timeline, m.lastReadId, m.version]), [["home", "120", 2], ["notifications", "7", 1]]);
      assert.ok(read.markers[0]!.updatedAt!.getTime() >= read.markers[1]!.updatedAt!.getTime());
      assert.deepEqual((await h.markers.getMarkers({ timelines: ["home"] }, await h.as(accounts("other").other))).markers, []);
      await assert.rejects(h.markers.saveMarkers({ positions: [{ timeline: "home", lastReadId: "x" }] }, as), /last_read_id/);
    });

    it("loses no save when many arrive at once: each counts one version", async () => {
      const { me } = accounts("me");
      const as = await h.as(me);
      await Promise.all(Array.from({ length: 20 }, (_, i) => h.markers.saveMarkers({ positions: [{ timeline: "notifications", lastReadId: String(1000 + i) }] }, as)));
      const [marker] = (await h.markers.getMarkers({ timelines: ["notifications"] }, as)).markers;
      assert.equal(marker!.version, 20);
    });
  });
}
