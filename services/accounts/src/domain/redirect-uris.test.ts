import assert from "node:assert/strict";
import { OOB_REDIRECT_URI, parseRedirectUris, redirectUriProblem } from "./redirect-uris.ts";

describe("redirect URIs", () => {
  it("accepts http and https URIs, the out-of-band URI and native custom schemes", () => {
    for (const uri of ["https://app.example/callback", "http://127.0.0.1:4000/cb?x=1", OOB_REDIRECT_URI, "com.tapbots.Ivory.10217:/request_token", "elk://oauth", "myapp:callback"]) {
      assert.equal(redirectUriProblem(uri), undefined, uri);
    }
  });

  it("refuses data, javascript and vbscript schemes whatever their case", () => {
    for (const uri of ["data:text/html,hi", "javascript:alert(1)", "JavaScript:alert(1)", "vbscript:msgbox"]) {
      assert.equal(redirectUriProblem(uri), "is forbidden by the server.", uri);
    }
  });

  it("refuses relative URIs, fragments and bare schemes", () => {
    for (const uri of ["/callback", "callback", "https://app.example/cb#frag", "myapp:", "https://exa mple.com/"]) {
      assert.notEqual(redirectUriProblem(uri), undefined, uri);
    }
  });

  it("reads one URI per line, ignoring blank lines and surrounding spaces", () => {
    assert.deepEqual(parseRedirectUris(" https://a.example/cb \r\n\nurn:ietf:wg:oauth:2.0:oob\n"), { ok: true, uris: ["https://a.example/cb", OOB_REDIRECT_URI] });
  });

  it("reports a blank field and the first bad URI like Mastodon's validation", () => {
    assert.deepEqual(parseRedirectUris("\n"), { ok: false, message: "Redirect URI can't be blank" });
    assert.deepEqual(parseRedirectUris("https://ok.example\njavascript:x"), { ok: false, message: "Redirect URI is forbidden by the server." });
    assert.equal(parseRedirectUris(`https://a.example/${"x".repeat(2000)}`).ok, false);
  });
});
