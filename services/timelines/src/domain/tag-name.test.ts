import assert from "node:assert/strict";
import { lastDays, tagNameOf } from "./tag-name.ts";

describe("hashtag names from clients", () => {
  it("normalizes case, width and Latin accents, as status hashtags are stored", () => {
    assert.equal(tagNameOf("Café"), "cafe");
    assert.equal(tagNameOf("CAFÉ"), "cafe");
    assert.equal(tagNameOf("ｃａｆｅ"), "cafe");
    assert.equal(tagNameOf("#Starling"), "starling");
    assert.equal(tagNameOf("日本"), "日本");
  });

  it("refuses names that are not one whole hashtag", () => {
    for (const raw of ["", "123", "two words", "a-b", "#", "x/y"]) assert.equal(tagNameOf(raw), undefined, raw);
  });

  it("lists seven UTC day starts, today first", () => {
    const days = lastDays(new Date("2026-11-26T08:30:00Z"), 7);
    assert.equal(days.length, 7);
    assert.equal(days[0]!.toISOString(), "2026-11-26T00:00:00.000Z");
    assert.equal(days[6]!.toISOString(), "2026-11-20T00:00:00.000Z");
  });
});
