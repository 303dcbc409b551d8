import assert from "node:assert/strict";
import { InvalidDomain, normalizeBlockedDomain } from "./blocked-domain.ts";

describe("normalizeBlockedDomain", () => {
  it("keeps domains in trimmed lower-case Unicode, with their port", () => {
    assert.equal(normalizeBlockedDomain("  Example.COM. ", "starling.test"), "example.com");
    assert.equal(normalizeBlockedDomain("xn--mnchen-3ya.de", "starling.test"), "münchen.de");
    assert.equal(normalizeBlockedDomain("MÜNCHEN.de", "starling.test"), "münchen.de");
    assert.equal(normalizeBlockedDomain("social.example:8443", "starling.test"), "social.example:8443");
  });

  it("refuses blank and malformed domains", () => {
    for (const bad of ["", "   ", "https://example.com/", "user@example.com", "exa mple.com", `${"a".repeat(250)}.com`]) {
      assert.throws(() => normalizeBlockedDomain(bad, "starling.test"), InvalidDomain, JSON.stringify(bad));
    }
  });

  it("refuses the server's own domain, in any case and with or without its port", () => {
    assert.throws(() => normalizeBlockedDomain("Starling.Test", "starling.test"), /own/);
    assert.throws(() => normalizeBlockedDomain("127.0.0.1:3000", "127.0.0.1:3000"), /own/);
    assert.throws(() => normalizeBlockedDomain("127.0.0.1", "127.0.0.1:3000"), /own/);
  });
});
