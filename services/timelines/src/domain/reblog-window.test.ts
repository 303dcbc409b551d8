import assert from "node:assert/strict";
import { REBLOG_FALLOFF, receiversWithoutRecentCopy } from "./reblog-window.ts";

describe("reblog de-duplication window", function () {
  it("skips feeds whose newest 40 entries hold the original or another reblog of it", function () {
    const filler = Array.from({ length: REBLOG_FALLOFF - 1 }, (_, i) => String(1000 + i));
    const tops = new Map([
      ["has-original", ["5", ...filler]],
      ["has-other-reblog", [...filler, "77"]],
      ["fresh", [...filler]],
      ["original-too-old", [...filler, "1", "5"]],
    ]);
    assert.deepEqual(receiversWithoutRecentCopy(tops, "5", new Set(["77"])), ["fresh", "original-too-old"]);
  });
});
