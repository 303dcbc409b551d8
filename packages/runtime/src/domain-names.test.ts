import assert from "node:assert/strict";
import { domainAndParents, normalizeDomain } from "./domain-names.ts";

describe("normalizeDomain", () => {
  it("lower-cases, trims and drops a trailing dot", () => {
    assert.equal(normalizeDomain("  Spam.Example. "), "spam.example");
  });

  it("writes an internationalised domain in Punycode", () => {
    assert.equal(normalizeDomain("bücher.example"), "xn--bcher-kva.example");
  });

  it("keeps a port, as account domains on development servers carry one", () => {
    assert.equal(normalizeDomain("LocalHost:3000"), "localhost:3000");
  });

  it("refuses what is not a host name", () => {
    for (const bad of ["", " ", "https://spam.example", "spam.example/path", "a b.example", "user@spam.example", "spam.example:port"]) {
      assert.equal(normalizeDomain(bad), undefined, bad);
    }
  });
});

describe("domainAndParents", () => {
  it("lists the domain then each parent", () => {
    assert.deepEqual(domainAndParents("a.b.example"), ["a.b.example", "b.example", "example"]);
  });

  it("lists a host with a port first as it is, then its name and parents", () => {
    assert.deepEqual(domainAndParents("b.example:8443"), ["b.example:8443", "b.example", "example"]);
  });
});
