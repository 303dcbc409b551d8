import assert from "node:assert/strict";
import { PreviewCard } from "@starling/proto/media/v1/preview_cards";
import { presentPreviewCard } from "./preview-card.ts";

describe("PreviewCard presenter", () => {
  it("renders every Mastodon field, unknown text as empty strings and a missing image as null", () => {
    const card = PreviewCard.fromPartial({ id: "9", url: "https://news.example/a", title: "A", description: "", type: "link", providerName: "News", linkType: "article" });
    assert.deepEqual(presentPreviewCard(card), {
      url: "https://news.example/a",
      title: "A",
      description: "",
      type: "link",
      author_name: "",
      author_url: "",
      provider_name: "News",
      provider_url: "",
      html: "",
      width: 0,
      height: 0,
      image: null,
      embed_url: "",
      blurhash: null,
    });
  });

  it("renders the thumbnail URL, blurhash and embed of a video card", () => {
    const card = PreviewCard.fromPartial({ url: "https://v.example/1", type: "video", html: "<iframe></iframe>", width: 640, height: 360, imageUrl: "https://social.test/system/preview_cards/images/1.png", blurhash: "LEHV6nWB2yk8", embedUrl: "https://v.example/embed/1" });
    const rendered = presentPreviewCard(card);
    assert.deepEqual([rendered.type, rendered.image, rendered.blurhash, rendered.embed_url, rendered.width], ["video", "https://social.test/system/preview_cards/images/1.png", "LEHV6nWB2yk8", "https://v.example/embed/1", 640]);
  });
});
