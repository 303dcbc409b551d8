import assert from "node:assert/strict";
import { audienceOf, replyReachesReceiver, type StatusRouting } from "./home-delivery.ts";

const post = (extra: Partial<StatusRouting> = {}): StatusRouting => ({ id: "10", accountId: "1", visibility: "public", ...extra });

describe("home delivery rules", () => {
  it("sends a status that is not a reply to every receiver", () => {
    assert.equal(replyReachesReceiver(post(), "2", false), true);
  });

  it("sends a self-reply (a thread) to followers", () => {
    assert.equal(replyReachesReceiver(post({ inReplyToId: "9", inReplyToAccountId: "1" }), "2", false), true);
  });

  it("keeps a reply to a stranger out of a follower's feed", () => {
    assert.equal(replyReachesReceiver(post({ inReplyToId: "9", inReplyToAccountId: "3" }), "2", false), false);
  });

  it("sends a reply to someone the follower also follows", () => {
    assert.equal(replyReachesReceiver(post({ inReplyToId: "9", inReplyToAccountId: "3" }), "2", true), true);
  });

  it("sends a reply to the receiver themself", () => {
    assert.equal(replyReachesReceiver(post({ inReplyToId: "9", inReplyToAccountId: "2" }), "2", false), true);
  });

  it("always sends a reply to its own author", () => {
    assert.equal(replyReachesReceiver(post({ inReplyToId: "9", inReplyToAccountId: "3" }), "1", false), true);
  });

  it("keeps out a reply whose parent's author is unknown", () => {
    assert.equal(replyReachesReceiver(post({ inReplyToId: "9" }), "2", true), false);
  });

  it("routes direct statuses to mentioned accounts and the rest to followers", () => {
    assert.equal(audienceOf("direct"), "mentioned");
    for (const v of ["public", "unlisted", "private"]) assert.equal(audienceOf(v), "followers");
  });
});
