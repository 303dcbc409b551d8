import assert from "node:assert/strict";
import { feedMember, feedRangeFor, idOfMember } from "./feed-range.ts";

describe("feed ranges", () => {
  it("pads ids to 20 digits so byte order is numeric order, beyond 2^53", () => {
    const a = "9007199254740993";
    const b = "9007199254740992";
    const c = "18446744073709551615";
    assert.equal(feedMember(a), "00009007199254740993");
    assert.ok(feedMember(b) < feedMember(a) && feedMember(a) < feedMember(c));
    assert.equal(idOfMember(feedMember(a)), a);
  });

  it("reads newest first below max_id and above since_id", () => {
    assert.deepEqual(feedRangeFor({ maxId: "10", sinceId: "3", limit: 5 }), {
      query: { order: "desc", count: 5, max: feedMember("10"), maxExclusive: true, min: feedMember("3"), minExclusive: true },
      reverse: false,
    });
  });

  it("reads oldest first just above min_id, still below max_id, and reverses", () => {
    assert.deepEqual(feedRangeFor({ minId: "3", maxId: "10", limit: 2 }), {
      query: { order: "asc", count: 2, max: feedMember("10"), maxExclusive: true, min: feedMember("3"), minExclusive: true },
      reverse: true,
    });
  });

  it("leaves both ends open without cursors", () => {
    assert.deepEqual(feedRangeFor({ limit: 20 }), { query: { order: "desc", count: 20 }, reverse: false });
  });
});
