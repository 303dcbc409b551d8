import assert from "node:assert/strict";
import { isSubsetOf, parseScopes, SCOPES } from "./scopes.ts";

describe("scopes", () => {
  it("registers exactly the scopes of Mastodon 4.0.2: 12 read, 14 write, follow, push, 6 admin and crypto", () => {
    assert.equal(new Set(SCOPES).size, SCOPES.length);
    assert.equal(SCOPES.filter((s) => s === "read" || s.startsWith("read:")).length, 12);
    assert.equal(SCOPES.filter((s) => s === "write" || s.startsWith("write:")).length, 14);
    assert.equal(SCOPES.filter((s) => s.startsWith("admin:")).length, 6);
    for (const scope of ["follow", "push", "crypto"]) assert.ok((SCOPES as readonly string[]).includes(scope));
    assert.equal(SCOPES.length, 35);
  });

  it("defaults to read when the string is blank", () => {
    assert.deepEqual(parseScopes(""), { ok: true, scopes: ["read"] });
    assert.deepEqual(parseScopes("   "), { ok: true, scopes: ["read"] });
    assert.deepEqual(parseScopes(undefined), { ok: true, scopes: ["read"] });
  });

  it("splits on any whitespace and drops duplicates", () => {
    assert.deepEqual(parseScopes("read  write:statuses\tfollow read"), { ok: true, scopes: ["read", "write:statuses", "follow"] });
  });

  it("refuses the whole string when one scope is not registered", () => {
    assert.deepEqual(parseScopes("read profile admin:read:ip_blocks"), { ok: false, unknown: ["profile", "admin:read:ip_blocks"] });
  });

  it("compares scope sets by exact name without expanding read into read:*", () => {
    assert.ok(isSubsetOf(["read"], ["read", "write"]));
    assert.ok(!isSubsetOf(["read:statuses"], ["read"]));
    assert.ok(!isSubsetOf(["write"], ["read"]));
  });
});
