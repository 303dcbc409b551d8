import assert from "node:assert/strict";
import { accountPageQuery, pageCursors } from "./account-page.ts";

const invalid = (message: string) => new Error(message);

describe("account list pagination", () => {
  it("defaults to 40, caps at 80 and counts a negative limit by its size", () => {
    assert.equal(accountPageQuery(undefined, invalid).limit, 40);
    assert.equal(accountPageQuery({ limit: 0 }, invalid).limit, 40);
    assert.equal(accountPageQuery({ limit: 500 }, invalid).limit, 80);
    assert.equal(accountPageQuery({ limit: -5 }, invalid).limit, 5);
  });

  it("keeps digit cursors and refuses anything else", () => {
    assert.deepEqual(accountPageQuery({ maxId: "12", sinceId: "3", limit: 2 }, invalid), { maxId: "12", sinceId: "3", limit: 2 });
    assert.deepEqual(accountPageQuery({ maxId: "", sinceId: "" }, invalid), { limit: 40 });
    assert.throws(() => accountPageQuery({ maxId: "12abc" }, invalid), /max_id must be an id/);
    assert.throws(() => accountPageQuery({ sinceId: "1".repeat(20) }, invalid), /since_id must be an id/);
  });

  it("links onwards only from a full page, and back from any non-empty one", () => {
    assert.deepEqual(pageCursors(["9", "7"], 2), { prev: "9", next: "7" });
    assert.deepEqual(pageCursors(["9"], 2), { prev: "9" });
    assert.deepEqual(pageCursors([], 2), {});
  });
});
