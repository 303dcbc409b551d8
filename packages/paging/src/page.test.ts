import assert from "node:assert/strict";
import { InvalidCursor, isId, pageCursors, parsePage } from "./page.ts";
import { pageOrder } from "./read-page.ts";

const limits = { default: 20 };

describe("paging", () => {
  it("takes the default for an absent limit, 0 for an empty page, and caps the rest at twice the default", () => {
    assert.equal(parsePage(undefined, limits).limit, 20);
    assert.equal(parsePage({ limit: 0 }, limits).limit, 0);
    assert.equal(parsePage({ limit: -5 }, limits).limit, 5);
    assert.equal(parsePage({ limit: 1000 }, limits).limit, 40);
    assert.equal(parsePage({ limit: 1000 }, { default: 40, max: 80 }).limit, 80);
  });

  it("keeps max_id and min_id, and since_id only without min_id", () => {
    assert.deepEqual(parsePage({ maxId: "9", sinceId: "3" }, limits), { limit: 20, maxId: "9", sinceId: "3" });
    assert.deepEqual(parsePage({ minId: "4", sinceId: "3" }, limits), { limit: 20, minId: "4" });
    assert.deepEqual(parsePage({ maxId: "", sinceId: "" }, limits), { limit: 20 });
  });

  it("refuses a cursor that is not a positive signed 64-bit id", () => {
    for (const bad of ["abc", "-1", "0", "9223372036854775808", "99999999999999999999", "1.5"]) {
      assert.throws(() => parsePage({ maxId: bad }, limits), InvalidCursor, bad);
    }
    assert.equal(isId("9223372036854775807"), true);
  });

  it("links next only from a full page and prev from any non-empty page", () => {
    assert.deepEqual(pageCursors(["5", "4"], 2), { next: "4", prev: "5" });
    assert.deepEqual(pageCursors(["5"], 2), { prev: "5" });
    assert.deepEqual(pageCursors([], 2), {});
  });

  it("orders a page for SQL: below max_id newest first, above min_id read upwards then reversed, since_id newest first", () => {
    const below = pageOrder({ maxId: "9", limit: 2 });
    assert.deepEqual([below.bounds, below.ascending, below.newestFirst(["8", "7"])], [[["<", "9"]], false, ["8", "7"]]);
    const above = pageOrder({ maxId: "9", minId: "3", limit: 2 });
    assert.deepEqual([above.bounds, above.ascending, above.newestFirst(["4", "5"])], [[["<", "9"], [">", "3"]], true, ["5", "4"]]);
    const since = pageOrder({ sinceId: "3", limit: 2 });
    assert.deepEqual([since.bounds, since.ascending], [[[">", "3"]], false]);
  });
});
