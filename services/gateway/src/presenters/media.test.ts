import assert from "node:assert/strict";
import type { MediaAttachment } from "@starling/proto/media/v1/media";
import { presentMediaAttachment, presentMediaList } from "./media.ts";

function mediaFixture(overrides: Partial<MediaAttachment> = {}): MediaAttachment {
  return {
    id: "7",
    type: "image",
    url: "https://example.test/system/media_attachments/files/000/000/007/original/7.png",
    previewUrl: "https://example.test/system/media_attachments/files/000/000/007/small/7.png",
    blurhash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj",
    meta: {
      original: { width: 640, height: 480, size: "640x480", aspect: 4 / 3 },
      small: { width: 400, height: 300, size: "400x300", aspect: 4 / 3 },
      focus: undefined,
    },
    processing: "done",
    accountId: "1",
    createdAt: new Date("2024-03-05T17:45:12.345Z"),
    ...overrides,
  };
}

describe("MediaAttachment presenter", () => {
  it("renders Mastodon's attributes with null for every absent URL and an empty description", () => {
    assert.deepEqual(presentMediaAttachment(mediaFixture()), {
      id: "7",
      type: "image",
      url: "https://example.test/system/media_attachments/files/000/000/007/original/7.png",
      preview_url: "https://example.test/system/media_attachments/files/000/000/007/small/7.png",
      remote_url: null,
      preview_remote_url: null,
      text_url: null,
      meta: {
        original: { width: 640, height: 480, size: "640x480", aspect: 4 / 3 },
        small: { width: 400, height: 300, size: "400x300", aspect: 4 / 3 },
      },
      description: null,
      blurhash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj",
    });
  });

  it("renders a pending upload with url, preview and meta null", () => {
    const rendered = presentMediaAttachment(mediaFixture({ url: undefined, previewUrl: undefined, blurhash: undefined, meta: undefined, processing: "pending" }));
    assert.equal(rendered.url, null);
    assert.equal(rendered.preview_url, null);
    assert.equal(rendered.meta, null);
    assert.equal(rendered.blurhash, null);
  });

  it("renders video meta with frame rate, duration and a numeric bitrate, and the focal point", () => {
    const rendered = presentMediaAttachment(
      mediaFixture({
        type: "video",
        meta: { original: { width: 320, height: 240, frameRate: "25/1", duration: 1.5, bitrate: 123456 }, small: undefined, focus: { x: 0.5, y: -0.25 } },
      }),
    );
    assert.deepEqual(rendered.meta, { original: { width: 320, height: 240, frame_rate: "25/1", duration: 1.5, bitrate: 123456 }, focus: { x: 0.5, y: -0.25 } });
  });

  it("keeps the author's order and drops ids the media service did not return", () => {
    const byId = new Map([mediaFixture({ id: "1" }), mediaFixture({ id: "2" })].map((m) => [m.id, m]));
    assert.deepEqual(presentMediaList(["2", "9", "1"], byId).map((m) => m.id), ["2", "1"]);
  });
});
