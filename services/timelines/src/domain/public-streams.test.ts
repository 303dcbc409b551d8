import assert from "node:assert/strict";
import { publicChannelsOf, type Broadcastable } from "./public-streams.ts";

const status = (overrides: Partial<Broadcastable> = {}): Broadcastable => ({ accountId: "1", visibility: "public", local: true, tags: [], hasMedia: false, ...overrides });

describe("publicChannelsOf", () => {
  it("puts a local public status on the public and public:local streams", () => {
    assert.deepEqual(publicChannelsOf(status()), ["streaming:timeline:public", "streaming:timeline:public:local"]);
  });

  it("adds the only_media streams for a status with attachments and the hashtag streams of its tags", () => {
    assert.deepEqual(publicChannelsOf(status({ local: false, hasMedia: true, tags: ["cats"] })), [
      "streaming:timeline:public:media",
      "streaming:timeline:public:remote:media",
      "streaming:timeline:public",
      "streaming:timeline:public:remote",
      "streaming:timeline:hashtag:cats",
    ]);
    assert.deepEqual(publicChannelsOf(status({ tags: ["cats"] })).slice(2), ["streaming:timeline:hashtag:cats", "streaming:timeline:hashtag:cats:local"]);
  });

  it("broadcasts no unlisted, private or direct status, no reblog and no reply to someone else", () => {
    for (const visibility of ["unlisted", "private", "direct"]) assert.deepEqual(publicChannelsOf(status({ visibility })), []);
    assert.deepEqual(publicChannelsOf(status({ reblogOfId: "9" })), []);
    assert.deepEqual(publicChannelsOf(status({ inReplyToAccountId: "2" })), []);
    assert.equal(publicChannelsOf(status({ inReplyToAccountId: "1" })).length, 2);
  });
});
