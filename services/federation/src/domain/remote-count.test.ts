import assert from "node:assert/strict";
import { remoteCount } from "./remote-count.ts";

describe("remoteCount", () => {
  it("keeps whole counts and floors fractions", () => {
    assert.deepEqual([remoteCount(0), remoteCount(42), remoteCount(7.9)], [0, 42, 7]);
  });

  it("counts missing, negative and non-numbers as none, and clamps what a number cannot hold exactly", () => {
    assert.deepEqual([remoteCount(undefined), remoteCount(null), remoteCount(-3), remoteCount(Number.NaN)], [0, 0, 0, 0]);
    assert.deepEqual([remoteCount(2 ** 60), remoteCount(Number.POSITIVE_INFINITY)], [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER]);
  });
});
