import assert from "node:assert/strict";
import { InvalidCursor } from "./page.ts";
import { offsetCursors, parseOffsetPage } from "./offset-page.ts";

const limits = { default: 10, max: 20 };

describe("offset paging", () => {
  it("takes the limit by the cursor pages' rule: default when absent, 0 for an empty page, |limit| up to the max", () => {
    assert.deepEqual(parseOffsetPage(undefined, limits), { limit: 10, offset: 0 });
    assert.equal(parseOffsetPage({ limit: 0 }, limits).limit, 0);
    assert.equal(parseOffsetPage({ limit: -5 }, limits).limit, 5);
    assert.equal(parseOffsetPage({ limit: 1000 }, limits).limit, 20);
    assert.equal(parseOffsetPage({ limit: 1000 }, { default: 20 }).limit, 40);
  });

  it("refuses an offset that is not a whole number from 0", () => {
    assert.equal(parseOffsetPage({ offset: 30 }, limits).offset, 30);
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      assert.throws(() => parseOffsetPage({ offset: bad }, limits), InvalidCursor, String(bad));
    }
  });

  it("links the next page only from a full page, and the previous one from any page not at the top", () => {
    assert.deepEqual(offsetCursors(10, { limit: 10, offset: 0 }), { nextOffset: 10 });
    assert.deepEqual(offsetCursors(4, { limit: 10, offset: 0 }), {});
    assert.deepEqual(offsetCursors(10, { limit: 10, offset: 25 }), { nextOffset: 35, prevOffset: 15 });
    assert.deepEqual(offsetCursors(2, { limit: 10, offset: 5 }), { prevOffset: 0 });
  });

  it("never links an empty page asked with limit 0 to itself", () => {
    assert.deepEqual(offsetCursors(0, { limit: 0, offset: 0 }), {});
  });
});
