import assert from "node:assert/strict";
import { jsonDepth } from "./body-parsers.ts";
import { malformedText } from "./text-input.ts";

describe("request body checks", () => {
  it("measure JSON nesting on the raw bytes, ignoring brackets inside strings", () => {
    assert.equal(jsonDepth(Buffer.from('{"a":[1,{"b":[]}]}')), 4);
    assert.equal(jsonDepth(Buffer.from('{"a":"[[[{{{\\"]]]"}')), 1);
    assert.equal(jsonDepth(Buffer.from("[".repeat(50_000) + "]".repeat(50_000))), 50_000);
  });

  it("find NUL characters and lone surrogates in values and names at any depth, without recursion", () => {
    assert.equal(malformedText({ status: "fine", poll: { options: ["a", "b"] } }), undefined);
    assert.equal(malformedText({ poll: { options: ["a", "b\u0000"] } }), "poll.options.1 must not contain NUL characters");
    assert.equal(malformedText({ note: "\ud800" }), "note must be valid UTF-8 text");
    assert.equal(malformedText({ "a\u0000": "x" }), "parameter name must not contain NUL characters");
    let deep: unknown = "\u0000";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    assert.match(malformedText({ deep }) ?? "", /NUL/);
  });
});
