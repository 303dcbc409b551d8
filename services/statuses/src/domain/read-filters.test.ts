import assert from "node:assert/strict";
import { contextLimits, hiddenFromThread, mayShow, NO_STANDING, promoteSelfReplies } from "./read-filters.ts";

const status = (accountId: string, visibility: "public" | "private" | "direct" = "public") => ({ accountId, visibility, mentionedAccountIds: [] });

describe("read filters", () => {
  it("hides any status of an author who blocks the viewer, but never the viewer's own", () => {
    assert.equal(mayShow(status("2"), "1", { ...NO_STANDING, blockedBy: true }), false);
    assert.equal(mayShow(status("1"), "1", { ...NO_STANDING, blockedBy: true }), true);
    assert.equal(mayShow(status("2"), "1", { ...NO_STANDING, blocking: true, muting: true }), true, "the viewer's own blocks do not 404 a status");
  });

  it("shows a private status to followers only", () => {
    assert.equal(mayShow(status("2", "private"), "1", NO_STANDING), false);
    assert.equal(mayShow(status("2", "private"), "1", { ...NO_STANDING, following: true }), true);
    assert.equal(mayShow(status("2", "private"), undefined, NO_STANDING), false);
  });

  it("leaves blocked, muted and domain-blocked authors out of threads", () => {
    for (const edge of ["blocking", "muting", "domainBlocking", "blockedBy"] as const) {
      assert.equal(hiddenFromThread(status("2"), "1", { ...NO_STANDING, [edge]: true }), true, edge);
    }
    assert.equal(hiddenFromThread(status("2"), "1", NO_STANDING), false);
  });

  it("moves self-replies ahead of the first other reply, keeping both groups in order", () => {
    const r = (id: string, accountId: string, inReplyToAccountId: string) => ({ id, accountId, inReplyToAccountId });
    const order = promoteSelfReplies([r("a", "1", "1"), r("b", "2", "1"), r("c", "1", "1"), r("d", "3", "2"), r("e", "1", "1")]);
    assert.deepEqual(order.map((s) => s.id), ["a", "c", "e", "b", "d"]);
  });

  it("limits anonymous readers to 40 ancestors, 60 descendants and depth 20", () => {
    assert.deepEqual(contextLimits(false), { ancestors: 40, descendants: 60, depth: 20 });
    assert.equal(contextLimits(true).descendants, 4096);
  });
});
