import assert from "node:assert/strict";
import { htmlToPlainText } from "./plain-text.ts";

describe("htmlToPlainText", () => {
  it("drops markup, decodes entities and breaks lines at paragraphs and line breaks", () => {
    assert.equal(htmlToPlainText('<p>Hello <a href="https://x.example/">@<span>bob</span></a> &amp; co</p><p>second<br>line</p>'), "Hello @bob & co\n\nsecond\nline");
  });

  it("returns text without markup as it is", () => {
    assert.equal(htmlToPlainText("plain text"), "plain text");
  });
});
