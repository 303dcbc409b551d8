import assert from "node:assert/strict";
import { sanitizeRemoteHtml } from "./remote-html.ts";

describe("sanitizeRemoteHtml", () => {
  it("keeps a Mastodon-shaped post: paragraphs, mention h-card, hashtag, shortened link", () => {
    const html =
      '<p><span class="h-card"><a href="https://example.com/@bob" class="u-url mention">@<span>bob</span></a></span> see ' +
      '<a href="https://example.com/tags/fedi" class="mention hashtag" rel="tag">#<span>fedi</span></a> ' +
      '<a href="https://example.org/a/long/path" target="_blank"><span class="invisible">https://</span><span class="ellipsis">example.org/a/long</span><span class="invisible">/path</span></a></p><p>line<br />two</p>';
    assert.equal(
      sanitizeRemoteHtml(html),
      '<p><span class="h-card"><a href="https://example.com/@bob" class="u-url mention" rel="nofollow noopener noreferrer">@<span>bob</span></a></span> see ' +
        '<a href="https://example.com/tags/fedi" class="mention hashtag" rel="nofollow noopener noreferrer">#<span>fedi</span></a> ' +
        '<a href="https://example.org/a/long/path" rel="nofollow noopener noreferrer"><span class="invisible">https://</span><span class="ellipsis">example.org/a/long</span><span class="invisible">/path</span></a></p><p>line<br />two</p>',
    );
  });

  it("removes scripts and styles with their content", () => {
    assert.equal(sanitizeRemoteHtml("<p>hi<script>alert(1)</script><style>p{}</style></p>"), "<p>hi</p>");
  });

  it("unwraps elements outside the allowlist and drops images and event handlers", () => {
    assert.equal(sanitizeRemoteHtml('<div><h1 onclick="x()">Title</h1><img src="https://x/y.png"><em>ok</em></div>'), "Title<em>ok</em>");
  });

  it("turns links to anything but http(s) into plain text", () => {
    assert.equal(sanitizeRemoteHtml('<a href="javascript:alert(1)">click</a>'), "<span>click</span>");
    assert.equal(sanitizeRemoteHtml('<a href="//evil.example/x" class="mention">x</a>'), '<span class="mention">x</span>');
  });

  it("drops classes and attributes it does not know", () => {
    assert.equal(sanitizeRemoteHtml('<span class="evil invisible" style="color:red">t</span>'), '<span class="invisible">t</span>');
    assert.equal(sanitizeRemoteHtml('<p class="x" id="y">t</p>'), "<p>t</p>");
  });

  it("keeps lists, quotes and code", () => {
    const html = "<blockquote><ol start=\"3\"><li>a</li></ol><ul><li><del>b</del></li></ul><pre><code>c &lt; d</code></pre></blockquote>";
    assert.equal(sanitizeRemoteHtml(html), html);
  });
});
