import assert from "node:assert/strict";
import { countCharacters, MAX_STATUS_CHARACTERS, statusLength } from "./character-count.ts";

describe("character counter", () => {
  it("counts plain ASCII one per character", () => {
    assert.equal(countCharacters("hello"), 5);
  });

  it("counts an astral-plane character once, not as two UTF-16 units", () => {
    assert.equal(countCharacters("𝄞a"), 2);
  });

  it("counts an emoji with skin tone or a family sequence once, as Mastodon's grapheme length does", () => {
    assert.equal(countCharacters("👍🏽"), 1);
    assert.equal(countCharacters("👨‍👩‍👧"), 1);
    assert.equal(countCharacters("é"), 1); // e + combining acute accent
  });

  it("adds the spoiler text to the text", () => {
    assert.equal(statusLength({ text: "abc", spoilerText: "de" }), 5);
  });

  it("counts each URL of the text as 23 characters and a remote mention without its domain", () => {
    assert.equal(statusLength({ text: `see https://example.com/${"a".repeat(200)}`, spoilerText: "" }), 4 + 23);
    assert.equal(statusLength({ text: "@bob@far.away.example hi", spoilerText: "" }), "@bob hi".length);
  });

  it("has Mastodon's limit of 500", () => {
    assert.equal(MAX_STATUS_CHARACTERS, 500);
  });
});
