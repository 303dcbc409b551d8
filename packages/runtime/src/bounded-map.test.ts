import assert from "node:assert/strict";
import { BoundedMap } from "./bounded-map.ts";

describe("BoundedMap", function () {
  it("keeps at most its capacity, dropping the entry set longest ago", function () {
    const map = new BoundedMap<string, number>(2);
    map.set("a", 1).set("b", 2).set("c", 3);
    assert.deepEqual([...map], [["b", 2], ["c", 3]]);
  });

  it("replaces a key it holds without dropping another, and a deleted then set key counts as newest", function () {
    const map = new BoundedMap<string, number>(2);
    map.set("a", 1).set("b", 2).set("a", 10);
    assert.deepEqual([...map], [["a", 10], ["b", 2]]);
    map.delete("a");
    map.set("a", 11);
    map.set("c", 3);
    assert.deepEqual([...map], [["a", 11], ["c", 3]]);
  });
});
