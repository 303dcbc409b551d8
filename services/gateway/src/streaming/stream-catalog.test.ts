import assert from "node:assert/strict";
import type { Viewer } from "@starling/runtime";
import { isTruthy, resolveStream, sseStreamName, StreamError } from "./stream-catalog.ts";

const viewer = (...scopes: string[]): Viewer => ({ tokenId: "t", appId: "a", appName: "app", accountId: "7", scopes });
const channels = (stream: string, v?: Viewer, extra: { tag?: string; list?: string } = {}) => {
  const resolved = resolveStream({ stream, ...extra }, v);
  return resolved instanceof StreamError ? `${resolved.status} ${resolved.message}` : resolved.channels;
};
const NOT_COVERED = "401 Error: Access token does not cover required scopes";

describe("resolveStream", () => {
  it("opens public and hashtag streams to anyone, hashtags by their normalized name", () => {
    assert.deepEqual(channels("public:remote:media"), ["streaming:timeline:public:remote:media"]);
    assert.deepEqual(channels("hashtag:local", undefined, { tag: "Café" }), ["streaming:timeline:hashtag:cafe:local"]);
    assert.deepEqual((resolveStream({ stream: "hashtag", tag: "Café" }, undefined) as { label: string[] }).label, ["hashtag", "Café"]);
    assert.equal(channels("hashtag"), "404 No tag for stream provided");
  });

  it("gives user its home, the announcements and, with read or read:notifications, its notifications", () => {
    assert.deepEqual(channels("user", viewer("read")), ["streaming:timeline:7", "streaming:timeline:7:notifications", "streaming:timeline:announcements"]);
    assert.deepEqual(channels("user", viewer("read:statuses")), ["streaming:timeline:7", "streaming:timeline:announcements"]);
    assert.deepEqual(channels("user", viewer("read:statuses", "read:notifications")), ["streaming:timeline:7", "streaming:timeline:7:notifications", "streaming:timeline:announcements"]);
  });

  it("asks read or read:notifications of user:notification and read or read:statuses of user and direct", () => {
    assert.deepEqual(channels("user:notification", viewer("read:notifications")), ["streaming:timeline:7:notifications"]);
    assert.equal(channels("user:notification", viewer("read:statuses")), NOT_COVERED);
    assert.equal(channels("user", viewer("read:notifications")), NOT_COVERED);
    assert.equal(channels("direct", viewer("write", "follow")), NOT_COVERED);
    assert.equal(channels("user"), NOT_COVERED);
    assert.equal(channels("user", { ...viewer("read"), accountId: undefined }), NOT_COVERED, "an app token has no user");
  });

  it("gives a list stream its list's channel, its owner still to be checked, and refuses one without a list and unknown streams", () => {
    const list = resolveStream({ stream: "list", list: "12" }, viewer("read:statuses"));
    assert.deepEqual(list, { label: ["list", "12"], channels: ["streaming:timeline:list:12"], filtered: false, listId: "12" });
    assert.equal(channels("list", viewer("read")), "404 Not authorized to stream this list");
    assert.equal(channels("list", viewer("read:notifications"), { list: "12" }), NOT_COVERED);
    assert.equal(channels("nonsense", viewer("read")), "400 Unknown stream type");
  });
});

describe("sseStreamName", () => {
  it("maps SSE paths to stream names, only_media picking the media variant of public streams", () => {
    assert.equal(sseStreamName("/public/local", true), "public:local:media");
    assert.equal(sseStreamName("/user/notification", true), "user:notification");
    assert.equal(sseStreamName("/hashtag/local", false), "hashtag:local");
    assert.equal(sseStreamName("/nonsense", false), undefined);
  });

  it("reads flags as Mastodon does", () => {
    assert.deepEqual(["1", "true", "yes"].map(isTruthy), [true, true, true]);
    assert.deepEqual(["", "0", "false", "F", "off"].map(isTruthy), [false, false, false, false, false]);
  });
});
