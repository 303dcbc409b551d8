import assert from "node:assert/strict";
import { linksBack, nextFields, verifiableUrl } from "./profile-fields.ts";
import { relMeLinks } from "./rel-me-links.ts";

describe("profile fields", () => {
  it("verifies only values that are one canonical https URL (http when allowed)", () => {
    assert.ok(verifiableUrl("https://example.com", false));
    assert.ok(verifiableUrl(" https://example.com/me?x=1#top ", false));
    assert.ok(verifiableUrl("http://example.com/", true));
    for (const value of ["http://example.com/", "see https://example.com", "example.com", "https://user:pw@example.com/", "https://EXAMPLE.com/", "https://münchen.de/", "https://example.com/a b", "ftp://example.com/", ""]) {
      assert.equal(verifiableUrl(value, false), undefined, value);
    }
  });

  it("drops rows with a blank name and keeps verified_at only for a value seen before", () => {
    const verifiedAt = new Date("2024-01-01T00:00:00Z");
    const next = nextFields([{ name: " Site ", value: " https://a.test " }, { name: "", value: "x" }, { name: "Other", value: "https://b.test" }], [{ name: "Old name", value: "https://a.test", verifiedAt }]);
    assert.deepEqual(next, [{ name: "Site", value: "https://a.test", verifiedAt }, { name: "Other", value: "https://b.test", verifiedAt: null }]);
  });

  it("finds rel=me links in anchors and link elements, and matches them to the profile case-insensitively", () => {
    const html = `<link rel="stylesheet" href="/x.css"><LINK REL="Me" href="https://Social.test/@Alice"><a rel="nofollow me" href="https://other.test/@a">a</a><a href="https://social.test/@alice">plain</a>`;
    const hrefs = relMeLinks(html);
    assert.deepEqual(hrefs, ["https://Social.test/@Alice", "https://other.test/@a"]);
    assert.equal(linksBack(hrefs, ["https://social.test/@alice"]), true);
    assert.equal(linksBack(relMeLinks(`<a href="https://social.test/@alice">no rel</a>`), ["https://social.test/@alice"]), false);
  });
});
