import assert from "node:assert/strict";
import type { Status } from "./status.ts";
import { MAX_PINNED_STATUSES, mayReblog, pinRefusal, reblogVisibility } from "./interaction-rules.ts";

const status = (overrides: Partial<Pick<Status, "accountId" | "visibility" | "reblogOfId">> = {}) => ({ accountId: "1", visibility: "public" as const, reblogOfId: null, ...overrides });

describe("interaction rules", function () {
  it("lets anyone reblog public and unlisted statuses, only the author a private one, nobody a direct one", function () {
    assert.equal(mayReblog(status(), "2"), true);
    assert.equal(mayReblog(status({ visibility: "unlisted" }), "2"), true);
    assert.equal(mayReblog(status({ visibility: "private" }), "2"), false);
    assert.equal(mayReblog(status({ visibility: "private" }), "1"), true);
    assert.equal(mayReblog(status({ visibility: "direct" }), "1"), false);
  });

  it("gives a reblog the requested visibility, public by default, and a private original's own", function () {
    assert.equal(reblogVisibility(status(), undefined), "public");
    assert.equal(reblogVisibility(status(), "unlisted"), "unlisted");
    assert.equal(reblogVisibility(status({ visibility: "private" }), "public"), "private");
    assert.equal(reblogVisibility(status(), "direct"), undefined);
    assert.equal(reblogVisibility(status(), "limited"), undefined);
  });

  it("refuses to pin reblogs, others' and direct statuses, and a sixth pin", function () {
    assert.equal(pinRefusal(status(), "1", 0), undefined);
    assert.equal(pinRefusal(status({ visibility: "private" }), "1", MAX_PINNED_STATUSES - 1), undefined);
    assert.match(pinRefusal(status({ reblogOfId: "9" }), "1", 0)!, /boost/);
    assert.match(pinRefusal(status(), "2", 0)!, /Someone else's/);
    assert.match(pinRefusal(status({ visibility: "direct" }), "1", 0)!, /mentioned users/);
    assert.match(pinRefusal(status(), "1", MAX_PINNED_STATUSES)!, /maximum number/);
    // A remote account's count is its server's business.
    assert.equal(pinRefusal(status(), "1"), undefined);
  });
});
