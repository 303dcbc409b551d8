import assert from "node:assert/strict";
import { countedLength, extractEmojiShortcodes, formatFieldValue, formatNote } from "./format-profile.ts";
import { renderUrlLink } from "./linkify-text.ts";

const tagUrl = (tag: string) => `https://example.test/tags/${tag}`;

describe("profile formatting", () => {
  it("links a short URL with the scheme hidden and nothing cut", () => {
    assert.equal(
      renderUrlLink("https://example.com/a"),
      '<a href="https://example.com/a" target="_blank" rel="nofollow noopener noreferrer"><span class="invisible">https://</span><span class="">example.com/a</span><span class="invisible"></span></a>',
    );
  });

  it("shows 30 characters of a long URL after the scheme and www., marking the cut with an ellipsis", () => {
    const url = "https://www.example.com/a/very/long/path/that/goes/on?q=1&r=2";
    assert.equal(
      renderUrlLink(url),
      '<a href="https://www.example.com/a/very/long/path/that/goes/on?q=1&amp;r=2" target="_blank" rel="nofollow noopener noreferrer"><span class="invisible">https://www.</span><span class="ellipsis">example.com/a/very/long/path/t</span><span class="invisible">hat/goes/on?q=1&amp;r=2</span></a>',
    );
  });

  it("formats a note in paragraphs with links, escaping everything else", () => {
    const html = formatNote("I <3 code\nsee https://example.com\n\nbye & thanks");
    assert.equal(
      html,
      '<p>I &lt;3 code<br />see <a href="https://example.com" target="_blank" rel="nofollow noopener noreferrer"><span class="invisible">https://</span><span class="">example.com</span><span class="invisible"></span></a></p><p>bye &amp; thanks</p>',
    );
  });

  it("leaves bare domains, e-mail addresses and other schemes as text", () => {
    assert.equal(formatNote("example.com me@example.com ftp://example.com"), "<p>example.com me@example.com ftp://example.com</p>");
  });

  it("links hashtags when given their page, but not fragments of URLs", () => {
    const html = formatNote("I like #cats, not https://example.com/#dogs", { tagUrl });
    assert.match(html, /^<p>I like <a href="https:\/\/example.test\/tags\/cats" class="mention hashtag" rel="tag">#<span>cats<\/span><\/a>, not <a href="https:\/\/example.com\/#dogs"/);
    assert.equal(html.match(/hashtag/g)?.length, 1);
  });

  it("links known mentions with the mentioned profile and leaves unknown ones as text", () => {
    const mentionUrl = (username: string, domain: string | undefined) => (username === "alice" && !domain ? "https://example.test/@alice" : undefined);
    const html = formatNote("hi @alice and @bob@elsewhere.test, mail a@b.test", { mentionUrl });
    assert.equal(html, '<p>hi <span class="h-card"><a href="https://example.test/@alice" class="u-url mention">@<span>alice</span></a></span> and @bob@elsewhere.test, mail a@b.test</p>');
  });

  it("formats a field value as one line with links marked rel=me", () => {
    assert.equal(
      formatFieldValue("  https://example.com  "),
      '<a href="https://example.com" target="_blank" rel="me nofollow noopener noreferrer"><span class="invisible">https://</span><span class="">example.com</span><span class="invisible"></span></a>',
    );
    assert.equal(formatFieldValue("<b>plain</b>"), "&lt;b&gt;plain&lt;/b&gt;");
  });

  it("finds each custom emoji shortcode once, ignoring times and colons inside words", () => {
    assert.deepEqual(extractEmojiShortcodes("hi :blobcat: at 10:30:00", "a:nope:b :blobcat: :party_parrot:"), ["blobcat", "party_parrot"]);
  });

  it("counts URLs as 23 characters, remote mentions without their domain and emoji as one character", () => {
    assert.equal(countedLength("x https://example.com/" + "a".repeat(100)), 2 + 23);
    assert.equal(countedLength("@bob@very.long.domain.example"), 4);
    assert.equal(countedLength("👩‍👩‍👧‍👦é"), 2);
  });
});
