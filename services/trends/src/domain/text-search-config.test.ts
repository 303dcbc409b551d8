import assert from "node:assert/strict";
import { textSearchConfig } from "./text-search-config.ts";

describe("textSearchConfig", () => {
  it("names the stemmer of a language PostgreSQL ships, whatever the case of the code", () => {
    assert.equal(textSearchConfig("en"), "english");
    assert.equal(textSearchConfig("DE"), "german");
  });

  it("falls back to simple for an unknown or absent language", () => {
    assert.equal(textSearchConfig("ja"), "simple");
    assert.equal(textSearchConfig(undefined), "simple");
    assert.equal(textSearchConfig(null), "simple");
  });
});
