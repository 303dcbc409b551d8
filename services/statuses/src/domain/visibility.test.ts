import assert from "node:assert/strict";
import type { Visibility } from "./status.ts";
import { canSee, countsAsReply, isVisibility, needsFollowCheck } from "./visibility.ts";

const by = (visibility: Visibility) => ({ accountId: "1", visibility });
const anonymous = { accountId: undefined, followsAuthor: false };
const stranger = { accountId: "2", followsAuthor: false };
const follower = { accountId: "2", followsAuthor: true };
const author = { accountId: "1", followsAuthor: false };

describe("visibility rule", () => {
  it("shows public and unlisted statuses to everyone, anonymous viewers included", () => {
    for (const v of ["public", "unlisted"] as const) {
      assert.ok(canSee(by(v), anonymous));
      assert.ok(canSee(by(v), stranger));
    }
  });

  it("shows a private status to its author and the author's followers only", () => {
    assert.ok(canSee(by("private"), author));
    assert.ok(canSee(by("private"), follower));
    assert.ok(!canSee(by("private"), stranger));
    assert.ok(!canSee(by("private"), anonymous));
  });

  it("shows a direct status to its author only, not to followers", () => {
    assert.ok(canSee(by("direct"), author));
    assert.ok(!canSee(by("direct"), follower));
    assert.ok(!canSee(by("direct"), anonymous));
  });

  it("shows private and direct statuses to the accounts they mention, without a follow check", () => {
    const mentioning = (visibility: Visibility) => ({ ...by(visibility), mentionedAccountIds: ["2"] });
    assert.ok(canSee(mentioning("private"), stranger));
    assert.ok(canSee(mentioning("direct"), stranger));
    assert.ok(!canSee(mentioning("direct"), { accountId: "3", followsAuthor: true }));
    assert.ok(!needsFollowCheck(mentioning("private"), "2"));
  });

  it("asks for a follow check only for someone else's private status seen by a signed-in viewer", () => {
    assert.ok(needsFollowCheck(by("private"), "2"));
    assert.ok(!needsFollowCheck(by("private"), "1"));
    assert.ok(!needsFollowCheck(by("private"), undefined));
    assert.ok(!needsFollowCheck(by("public"), "2"));
    assert.ok(!needsFollowCheck(by("direct"), "2"));
  });

  it("knows the four visibilities and nothing else", () => {
    assert.ok(["public", "unlisted", "private", "direct"].every(isVisibility));
    assert.ok(!isVisibility("limited"));
    assert.ok(!isVisibility("Public"));
  });

  it("counts only public and unlisted replies on the parent", () => {
    assert.deepEqual((["public", "unlisted", "private", "direct"] as const).map(countsAsReply), [true, true, false, false]);
  });
});
