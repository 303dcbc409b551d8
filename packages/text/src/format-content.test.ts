import assert from "node:assert/strict";
import { formatContent } from "./format-content.ts";

describe("content formatter", () => {
  it("wraps a single line in one paragraph", () => {
    assert.equal(formatContent("Hello world"), "<p>Hello world</p>");
  });

  it("escapes HTML as Rails does, quotes and apostrophes included", () => {
    assert.equal(formatContent(`<b>"Tom" & 'Jerry'</b>`), "<p>&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;</p>");
  });

  it("turns a single newline into <br /> and leaves no newline characters", () => {
    assert.equal(formatContent("one\ntwo\nthree"), "<p>one<br />two<br />three</p>");
  });

  it("starts a new paragraph at a blank line, however many blank lines there are", () => {
    assert.equal(formatContent("one\n\ntwo\n\n\n\nthree"), "<p>one</p><p>two</p><p>three</p>");
  });

  it("treats CRLF and CR line ends like LF", () => {
    assert.equal(formatContent("a\r\nb\r\n\r\nc\rd"), "<p>a<br />b</p><p>c<br />d</p>");
  });

  it("renders nothing for blank text", () => {
    assert.equal(formatContent("  \n "), "");
  });
});
