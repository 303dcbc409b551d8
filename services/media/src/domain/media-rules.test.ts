import assert from "node:assert/strict";
import { fitPixels, mixesAudioOrVideo, parseFocus, uploadKindOf } from "./media-rules.ts";
import { fileKey, idPartition } from "./storage-keys.ts";

describe("media rules", () => {
  it("accepts focus within -1..1 and refuses anything else", () => {
    assert.deepEqual(parseFocus("0.5,-1"), { x: 0.5, y: -1 });
    assert.deepEqual(parseFocus(" -.25 , 1.0 "), { x: -0.25, y: 1 });
    for (const bad of ["", "1", "1,2", "a,b", "0.1,0.2,0.3", "NaN,0", "1e0,0"]) assert.equal(parseFocus(bad), undefined, bad);
  });

  it("scales dimensions down to a pixel budget keeping the aspect, never up", () => {
    assert.deepEqual(fitPixels(640, 360, 230_400), { width: 640, height: 360 });
    const { width, height } = fitPixels(4000, 3000, 2_073_600);
    assert.ok(width * height <= 2_073_600);
    assert.ok(Math.abs(width / height - 4 / 3) < 0.01);
  });

  it("knows accepted types by content type and refuses others", () => {
    assert.equal(uploadKindOf("image/png"), "image");
    assert.equal(uploadKindOf("image/gif"), "gif");
    assert.equal(uploadKindOf("video/webm"), "video");
    assert.equal(uploadKindOf("audio/mpeg"), "audio");
    assert.equal(uploadKindOf("application/pdf"), undefined);
    assert.equal(uploadKindOf("toString"), undefined);
  });

  it("refuses audio or video together with other attachments", () => {
    assert.equal(mixesAudioOrVideo(["image", "image", "gifv"]), false);
    assert.equal(mixesAudioOrVideo(["video"]), false);
    assert.equal(mixesAudioOrVideo(["video", "image"]), true);
  });

  it("splits ids into folders of three digits, Paperclip style", () => {
    assert.equal(idPartition("12"), "012");
    assert.equal(idPartition("109876543210"), "109/876/543/210");
    assert.equal(fileKey("1234", "small", "png"), "media_attachments/files/001/234/small/1234.png");
  });
});
