import assert from "node:assert/strict";
import { firstLink } from "./first-link.ts";

describe("firstLink", () => {
  it("finds the first http(s) URL of a text", () => {
    assert.equal(firstLink("read https://example.com/a?b=1 and http://example.org"), "https://example.com/a?b=1");
  });

  it("skips hashtags, mentions and bare domains", () => {
    assert.equal(firstLink("#news @alice@example.com example.net then https://example.com/page"), "https://example.com/page");
  });

  it("finds nothing in a text without a link", () => {
    assert.equal(firstLink("no links here, only #tags and @bob"), undefined);
  });
});
