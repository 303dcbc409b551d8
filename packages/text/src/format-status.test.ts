import assert from "node:assert/strict";
import { formatStatus, statusEntities, type StatusLinks } from "./format-status.ts";
import { normalizeHashtag } from "./hashtags.ts";

const links: StatusLinks = {
  tagUrl: (tag) => `https://social.test/tags/${tag}`,
  mentionUrl: (username, domain) => (username.toLowerCase() === "alice" && (!domain || domain === "social.test") ? "https://social.test/@alice" : undefined),
};
const format = (text: string) => formatStatus(text, links);
const link = (href: string, invisible: string, visible: string, rest = "", ellipsis = false) =>
  `<a href="${href}" target="_blank" rel="nofollow noopener noreferrer"><span class="invisible">${invisible}</span><span class="${ellipsis ? "ellipsis" : ""}">${visible}</span><span class="invisible">${rest}</span></a>`;
const tag = (name: string) => `<a href="https://social.test/tags/${name}" class="mention hashtag" rel="tag">#<span>${name}</span></a>`;
const aliceMention = '<span class="h-card"><a href="https://social.test/@alice" class="u-url mention">@<span>alice</span></a></span>';

describe("status formatting", () => {
  it("renders a mention, a hashtag and a link in one paragraph with line breaks", () => {
    assert.equal(
      format("Hi @alice,\nsee https://example.com/page #Cats!"),
      `<p>Hi ${aliceMention},<br />see ${link("https://example.com/page", "https://", "example.com/page")} ${tag("Cats")}!</p>`,
    );
  });

  it("leaves the trailing full stop, comma and closing parenthesis of a sentence out of the link", () => {
    assert.equal(format("Go to https://example.com/a."), `<p>Go to ${link("https://example.com/a", "https://", "example.com/a")}.</p>`);
    assert.equal(format("(https://example.com/b), ok"), `<p>(${link("https://example.com/b", "https://", "example.com/b")}), ok</p>`);
  });

  it("links an internationalized domain whole, showing it as typed", () => {
    assert.equal(format("https://münchen.de/straße"), `<p>${link("https://münchen.de/straße", "https://", "münchen.de/straße")}</p>`);
  });

  it("shortens a long link to 30 visible characters after https://www. and escapes its query", () => {
    const url = "https://www.example.com/a/very/long/path/that/goes/on?a=1&b=2";
    assert.equal(format(url), `<p>${link("https://www.example.com/a/very/long/path/that/goes/on?a=1&amp;b=2", "https://www.", "example.com/a/very/long/path/t", "hat/goes/on?a=1&amp;b=2", true)}</p>`);
  });

  it("escapes markup and quotes so typed HTML is shown, not run", () => {
    assert.equal(format(`<script>alert("x")</script> & 'y'`), "<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;</p>");
    assert.equal(format("#<b>"), "<p>#&lt;b&gt;</p>");
  });

  it("links hashtags in any script, with a middle dot inside, but not all-digit ones or ones glued to a word", () => {
    assert.equal(format("#日本語 #Ελλάδα #हिन्दी #col·lecció"), `<p>${tag("日本語")} ${tag("Ελλάδα")} ${tag("हिन्दी")} ${tag("col·lecció")}</p>`);
    assert.equal(format("#2024 issue#3 a#b"), "<p>#2024 issue#3 a#b</p>");
  });

  it("never finds a hashtag or a mention inside a URL", () => {
    const html = format("https://example.com/#dogs https://example.com/?by=@alice");
    assert.doesNotMatch(html, /hashtag|h-card/);
  });

  it("links mentions of known accounts, with or without the local domain, and leaves unknown ones and e-mail addresses as text", () => {
    assert.equal(format("@alice @Alice@social.test @bob @carol@elsewhere.test mail@alice.test"), `<p>${aliceMention} <span class="h-card"><a href="https://social.test/@alice" class="u-url mention">@<span>Alice</span></a></span> @bob @carol@elsewhere.test mail@alice.test</p>`);
  });

  it("keeps custom emoji shortcodes as text", () => {
    assert.equal(format("hello :blobcat:"), "<p>hello :blobcat:</p>");
  });
});

describe("status entities", () => {
  it("takes a port as part of a mentioned domain, as instances served on a port are named", () => {
    assert.deepEqual(statusEntities("@bob@localhost:3000, @dan@social.test:123456 and @eve@social.test:").mentions, ["bob@localhost:3000", "dan@social.test", "eve@social.test"]);
  });

  it("lists mentions once each in the order they were first written, ignoring case", () => {
    assert.deepEqual(statusEntities("@carol hi @alice, @bob@elsewhere.test and @ALICE again").mentions, ["carol", "alice", "bob@elsewhere.test"]);
  });

  it("lists hashtags once per normalized name, in order, keeping the first spelling", () => {
    assert.deepEqual(statusEntities("#Café #cafe #CAFÉ #日本 #2024").hashtags, [
      { name: "Café", normalized: "cafe" },
      { name: "日本", normalized: "日本" },
    ]);
  });

  it("finds emoji shortcodes in the spoiler text and the text, but mentions and hashtags in the text only", () => {
    const entities = statusEntities("text :party_parrot: :blobcat:", "cw :blobcat: #tag @alice");
    assert.deepEqual(entities.emojiShortcodes, ["blobcat", "party_parrot"]);
    assert.deepEqual([entities.hashtags, entities.mentions], [[], []]);
  });

  it("lists the http(s) URLs of the text in order, not bare domains", () => {
    assert.deepEqual(statusEntities("a https://a.test/x. b example.com c http://b.test").urls, ["https://a.test/x", "http://b.test"]);
  });

  it("does not take @user@domain as a mention when the domain is longer than a DNS name can be", () => {
    assert.deepEqual(statusEntities(`@bob@${"a".repeat(250)}.test`).mentions, []);
  });
});

describe("hashtag normalization", () => {
  it("folds case, full-width forms and Latin accents, and keeps other scripts' marks", () => {
    assert.equal(normalizeHashtag("ＣａＦÉ"), "cafe");
    assert.equal(normalizeHashtag("Straße"), "straße");
    assert.equal(normalizeHashtag("Øresund"), "oresund");
    assert.equal(normalizeHashtag("Łódź"), "lodz");
    assert.equal(normalizeHashtag("Đakovo"), "dakovo");
    assert.equal(normalizeHashtag("हिन्दी"), "हिन्दी");
  });
});
