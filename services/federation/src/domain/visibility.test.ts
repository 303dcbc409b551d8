import assert from "node:assert/strict";
import { visibilityFromAudience } from "./visibility.ts";

describe("visibilityFromAudience", () => {
  const PUBLIC = "https://www.w3.org/ns/activitystreams#Public";
  const followers = "https://remote.example/users/alice/followers";
  const bob = "https://fed.example/users/bob";

  it("is public when the public collection is in to", () => {
    assert.equal(visibilityFromAudience({ to: [PUBLIC], cc: [followers] }, followers), "public");
    assert.equal(visibilityFromAudience({ to: ["as:Public"], cc: [] }, followers), "public");
  });

  it("is unlisted when the public collection is only in cc", () => {
    assert.equal(visibilityFromAudience({ to: [followers], cc: [PUBLIC] }, followers), "unlisted");
  });

  it("is private when the author's followers are addressed without the public", () => {
    assert.equal(visibilityFromAudience({ to: [followers], cc: [bob] }, followers), "private");
    assert.equal(visibilityFromAudience({ to: [bob], cc: [followers] }, followers), "private");
  });

  it("is direct when only actors are addressed, or someone else's followers", () => {
    assert.equal(visibilityFromAudience({ to: [bob], cc: [] }, followers), "direct");
    assert.equal(visibilityFromAudience({ to: ["https://remote.example/users/carol/followers"], cc: [] }, followers), "direct");
    assert.equal(visibilityFromAudience({ to: [followers], cc: [] }, null), "direct");
  });
});
