import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { canonicalEmail, canonicalEmailHash, isCanonicalEmailHash } from "./canonical-email.ts";

describe("canonicalEmail", () => {
  it("lower-cases the whole address", () => {
    assert.equal(canonicalEmail("Jane@Example.COM"), "jane@example.com");
  });

  it("removes dots from the local part but not from the domain", () => {
    assert.equal(canonicalEmail("j.a.n.e@mail.example.com"), "jane@mail.example.com");
  });

  it("drops a +tag from the local part", () => {
    assert.equal(canonicalEmail("jane+spam+more@example.com"), "jane@example.com");
  });

  it("treats the variants of one mailbox as one address", () => {
    const variants = ["J.Ane+a@example.com", "jane@EXAMPLE.com", "ja.ne+b@example.com"];
    assert.deepEqual(new Set(variants.map(canonicalEmail)), new Set(["jane@example.com"]));
  });

  it("keeps different mailboxes and domains apart", () => {
    assert.notEqual(canonicalEmail("jane@example.com"), canonicalEmail("janet@example.com"));
    assert.notEqual(canonicalEmail("jane@example.com"), canonicalEmail("jane@example.org"));
  });
});

describe("canonicalEmailHash", () => {
  it("is the SHA-256 hex of the canonical address", () => {
    assert.equal(canonicalEmailHash("Ja.ne+x@Example.com"), createHash("sha256").update("jane@example.com").digest("hex"));
    assert.ok(isCanonicalEmailHash(canonicalEmailHash("a@b.c")));
  });

  it("refuses what is not a lower-case SHA-256 hex digest", () => {
    assert.equal(isCanonicalEmailHash("abc"), false);
    assert.equal(isCanonicalEmailHash("A".repeat(64)), false);
  });
});
