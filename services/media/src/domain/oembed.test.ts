import assert from "node:assert/strict";
import { applyOEmbed } from "./oembed.ts";
import { readPageDetails } from "./page-details.ts";

const base = readPageDetails(
  `<html><head><meta property="og:title" content="Tag title"><meta property="og:description" content="Tag description"><meta property="og:image" content="https://p.example/og.jpg"></head></html>`,
  "https://p.example/item/7",
);
const endpoint = "https://p.example/oembed?url=https%3A%2F%2Fp.example%2Fitem%2F7";

describe("applyOEmbed", () => {
  it("turns a photo answer into a photo card whose image and embed are the photo", () => {
    const card = applyOEmbed(base, { type: "photo", version: "1.0", url: "https://p.example/full.jpg", width: 800, height: "600", author_name: "Lens Person", author_url: "https://p.example/u/lens", provider_name: "PhotoSite", provider_url: "https://p.example/" }, endpoint);
    assert.deepEqual(
      [card.type, card.embedUrl, card.imageUrl, card.width, card.height, card.authorName, card.authorUrl, card.providerName, card.providerUrl],
      ["photo", "https://p.example/full.jpg", "https://p.example/full.jpg", 800, 600, "Lens Person", "https://p.example/u/lens", "PhotoSite", "https://p.example/"],
    );
    assert.equal(card.description, "Tag description", "oEmbed has no description; the tags' one stays");
  });

  it("keeps only a rebuilt iframe from a video answer's HTML, with its thumbnail as image", () => {
    const card = applyOEmbed(base, { type: "video", title: "A clip", html: `<script>steal()</script><iframe src="https://p.example/embed/7" onload="x()"></iframe>`, width: 480, height: 270, thumbnail_url: "https://p.example/thumb.jpg" }, endpoint);
    assert.equal(card.type, "video");
    assert.equal(card.title, "A clip");
    assert.equal(card.html, `<iframe src="https://p.example/embed/7" width="480" height="270" frameborder="0" allowfullscreen="true"></iframe>`);
    assert.equal(card.embedUrl, "https://p.example/embed/7");
    assert.equal(card.imageUrl, "https://p.example/thumb.jpg");
  });

  it("ignores rich answers, videos without an iframe, photos without a URL and non-objects", () => {
    for (const answer of [{ type: "rich", html: "<script></script>" }, { type: "video", html: "<div>no player</div>" }, { type: "photo" }, "text", null, [1]]) {
      assert.deepEqual(applyOEmbed(base, answer, endpoint), base, JSON.stringify(answer));
    }
  });

  it("takes a link answer's thumbnail and author but keeps the link type", () => {
    const card = applyOEmbed(base, { type: "link", author_name: "Someone", thumbnail_url: "/t.png" }, endpoint);
    assert.deepEqual([card.type, card.authorName, card.imageUrl, card.title], ["link", "Someone", "https://p.example/t.png", "Tag title"]);
  });
});
