import assert from "node:assert/strict";
import { statusExcerpt } from "./status-excerpt.ts";

describe("status excerpt", () => {
  it("gives the text without markup, on one line, entities decoded", () => {
    const html = '<p>Hello <span class="h-card"><a href="https://x.test/@bob" class="u-url mention">@<span>bob</span></a></span> &amp; all</p><p>second<br>line</p>';
    assert.equal(statusExcerpt("", html), "Hello @bob & all second line");
  });

  it("shows the content warning instead of the hidden text", () => {
    assert.equal(statusExcerpt("spoilers ahead", "<p>the butler did it</p>"), "spoilers ahead");
  });

  it("cuts at 140 characters with an ellipsis, counting characters rather than UTF-16 units", () => {
    const excerpt = statusExcerpt("", `<p>${"🐦".repeat(200)}</p>`);
    assert.equal([...excerpt].length, 140);
    assert.ok(excerpt.endsWith("…"));
  });
});
