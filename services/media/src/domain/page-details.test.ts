import assert from "node:assert/strict";
import { readPageDetails } from "./page-details.ts";

const page = (head: string, body = "") => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

describe("readPageDetails", () => {
  it("reads title, description, image, site name and article type from OpenGraph tags", () => {
    const details = readPageDetails(
      page(`
        <title>Fallback title</title>
        <meta property="og:title" content="  Herons of the  estuary ">
        <meta property="og:description" content="Where to watch them &amp; when.">
        <meta property="og:image" content="/img/heron.jpg">
        <meta property="og:site_name" content="Bird Notes">
        <meta property="og:type" content="article">
        <meta name="author" content="Ada Fieldwork">`),
      "https://birds.example/posts/herons",
    );
    assert.equal(details.title, "Herons of the estuary");
    assert.equal(details.description, "Where to watch them & when.");
    assert.equal(details.imageUrl, "https://birds.example/img/heron.jpg");
    assert.equal(details.providerName, "Bird Notes");
    assert.equal(details.authorName, "Ada Fieldwork");
    assert.deepEqual([details.type, details.linkType, details.url, details.html, details.embedUrl], ["link", "article", "https://birds.example/posts/herons", "", ""]);
  });

  it("falls back to Twitter tags, then to <title> and the meta description", () => {
    const twitter = readPageDetails(page(`<meta name="twitter:title" content="T title"><meta name="twitter:image" content="https://cdn.example/t.png">`), "https://a.example/");
    assert.deepEqual([twitter.title, twitter.imageUrl], ["T title", "https://cdn.example/t.png"]);
    const plain = readPageDetails(page(`<title>Plain page</title><meta name="description" content="Just text.">`), "https://a.example/p");
    assert.deepEqual([plain.title, plain.description, plain.imageUrl, plain.linkType], ["Plain page", "Just text.", "", "unknown"]);
  });

  it("keeps a canonical URL of the same origin only", () => {
    const same = readPageDetails(page(`<link rel="canonical" href="/posts/1">`), "https://a.example/posts/1?utm=x");
    assert.equal(same.url, "https://a.example/posts/1");
    const other = readPageDetails(page(`<meta property="og:url" content="https://elsewhere.example/">`), "https://a.example/x");
    assert.equal(other.url, "https://a.example/x");
  });

  it("finds the JSON oEmbed endpoint the page advertises, and ignores the XML one", () => {
    const details = readPageDetails(
      page(`<link rel="alternate" type="text/xml+oembed" href="/oembed.xml"><link rel="alternate" type="application/json+oembed" href="/oembed?url=x&amp;format=json">`),
      "https://v.example/watch/1",
    );
    assert.equal(details.oembedUrl, "https://v.example/oembed?url=x&format=json");
  });

  it("makes a video card with an iframe around an OpenGraph player", () => {
    const details = readPageDetails(
      page(`<meta property="og:video:url" content="https://v.example/embed/1?a=1&amp;b=2"><meta property="og:video:width" content="640"><meta property="og:video:height" content="360">`),
      "https://v.example/watch/1",
    );
    assert.equal(details.type, "video");
    assert.equal(details.embedUrl, "https://v.example/embed/1?a=1&b=2");
    assert.equal(details.html, `<iframe src="https://v.example/embed/1?a=1&amp;b=2" width="640" height="360" frameborder="0" allowfullscreen="true"></iframe>`);
    assert.deepEqual([details.width, details.height], [640, 360]);
  });

  it("drops images and players that are not http(s)", () => {
    const details = readPageDetails(page(`<meta property="og:image" content="javascript:alert(1)"><meta property="og:video" content="data:text/html,x">`), "https://a.example/");
    assert.deepEqual([details.imageUrl, details.type, details.html], ["", "link", ""]);
  });
});
