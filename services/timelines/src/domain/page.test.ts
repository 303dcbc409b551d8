import assert from "node:assert/strict";
import { InvalidCursor, pageLimit, parsePage } from "./page.ts";

describe("page rules", () => {
  it("defaults the limit to 20 and caps it at 40, taking the absolute value", () => {
    assert.equal(pageLimit(undefined), 20);
    assert.equal(pageLimit(5), 5);
    assert.equal(pageLimit(-7), 7);
    assert.equal(pageLimit(100), 40);
    assert.equal(pageLimit(0), 0);
  });

  it("ignores since_id when min_id is given", () => {
    assert.deepEqual(parsePage({ sinceId: "5", minId: "7" }), { minId: 7n, limit: 20 });
    assert.deepEqual(parsePage({ sinceId: "5", maxId: "9" }), { sinceId: 5n, maxId: 9n, limit: 20 });
  });

  it("treats empty cursors as unset", () => {
    assert.deepEqual(parsePage({ maxId: "", sinceId: "", minId: "", limit: 3 }), { limit: 3 });
  });

  it("refuses cursors that are not digits", () => {
    for (const bad of ["abc", "-1", "1.5", "12a", " 1"]) assert.throws(() => parsePage({ maxId: bad }), InvalidCursor);
  });

  it("clamps a cursor beyond 64 bits to the largest id", () => {
    assert.equal(parsePage({ maxId: "99999999999999999999999" }).maxId, (1n << 63n) - 1n);
  });
});
