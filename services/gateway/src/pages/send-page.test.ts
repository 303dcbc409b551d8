import assert from "node:assert/strict";
import { localPath, withQuery } from "./send-page.ts";

describe("redirect helpers", () => {
  it("appends parameters to a custom-scheme redirect URI without touching its case or form", () => {
    assert.equal(withQuery("com.tapbots.Ivory.10217:/request_token", { code: "abc", state: "s 1" }), "com.tapbots.Ivory.10217:/request_token?code=abc&state=s+1");
    assert.equal(withQuery("https://client.example/cb?app=1", { code: "abc", state: "" }), "https://client.example/cb?app=1&code=abc");
    assert.equal(withQuery("https://client.example/cb", {}), "https://client.example/cb");
  });

  it("returns only to local paths, never to another site", () => {
    assert.equal(localPath("/oauth/authorize?client_id=x"), "/oauth/authorize?client_id=x");
    for (const bad of ["//evil.example/", "/\\evil.example", "https://evil.example/", "evil", "", "/a\r\nSet-Cookie: x", 42, undefined]) assert.equal(localPath(bad), undefined, String(bad));
  });
});
