import assert from "node:assert/strict";
import { linkHeader } from "./link-header.ts";

const base = "https://example.test";
const path = "/api/v1/timelines/home";

describe("Link header", () => {
  it("links next with max_id and prev with min_id as absolute URLs", () => {
    assert.equal(
      linkHeader(base, path, {}, { next: "100", prev: "200" }),
      '<https://example.test/api/v1/timelines/home?max_id=100>; rel="next", <https://example.test/api/v1/timelines/home?min_id=200>; rel="prev"',
    );
  });

  it("carries the request's other parameters over, arrays included", () => {
    const link = linkHeader(base, "/api/v1/timelines/public", { limit: "5", local: "true", types: ["a", "b"] }, { next: "100" });
    assert.equal(link, '<https://example.test/api/v1/timelines/public?limit=5&local=true&types=a&types=b&max_id=100>; rel="next"');
  });

  it("replaces the request's cursors instead of keeping them beside the new one", () => {
    const link = linkHeader(base, path, { max_id: "999", since_id: "5", min_id: "7", limit: "2" }, { next: "100", prev: "200" });
    assert.equal(link, '<https://example.test/api/v1/timelines/home?limit=2&max_id=100>; rel="next", <https://example.test/api/v1/timelines/home?limit=2&min_id=200>; rel="prev"');
  });

  it("never puts the access token into a link", () => {
    const link = linkHeader(base, path, { access_token: "secret", limit: "2" }, { next: "100" });
    assert.ok(link && !link.includes("secret") && !link.includes("access_token"), link);
  });

  it("uses since_id for prev when the endpoint asks for it", () => {
    assert.equal(
      linkHeader(base, "/api/v1/accounts/1/followers", {}, { prev: "300", prevParam: "since_id" }),
      '<https://example.test/api/v1/accounts/1/followers?since_id=300>; rel="prev"',
    );
  });

  it("links pages of a list paged by position with offset, replacing the request's", () => {
    const link = linkHeader(base, "/api/v1/trends/tags", { offset: "10", limit: "5" }, { next: "15", prev: "5", byOffset: true });
    assert.equal(link, '<https://example.test/api/v1/trends/tags?limit=5&offset=15>; rel="next", <https://example.test/api/v1/trends/tags?limit=5&offset=5>; rel="prev"');
    assert.equal(linkHeader(base, "/api/v1/trends/tags", { offset: "0" }, { prev: "0", byOffset: true }), '<https://example.test/api/v1/trends/tags?offset=0>; rel="prev"');
  });

  it("is absent when there is nothing to link to", () => {
    assert.equal(linkHeader(base, path, { limit: "2" }, {}), undefined);
  });
});
