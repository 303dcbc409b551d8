import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { domainDigest, obfuscatedDomain } from "./public-domain.ts";

describe("obfuscatedDomain", () => {
  it("hides the middle half of the name, keeping its ends and dots", () => {
    assert.equal(obfuscatedDomain("spam.example.com"), "spam.*******.com");
    assert.equal(obfuscatedDomain("a.bc"), "a.*c");
  });
});

describe("domainDigest", () => {
  it("is the SHA-256 hex of the domain", () => {
    assert.equal(domainDigest("spam.example"), createHash("sha256").update("spam.example").digest("hex"));
  });
});
