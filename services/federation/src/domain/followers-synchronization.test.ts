import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { followersDigest, isUnder, parseSynchronizationHeader, synchronizationHeader, urlPrefix } from "./followers-synchronization.ts";

const sha = (text: string) => createHash("sha256").update(text).digest();

describe("followers synchronization (FEP-8fcf)", () => {
  it("digests follower URIs as the XOR of their SHA-256, whatever the order", () => {
    const [a, b] = ["https://remote.example/users/a", "https://remote.example/users/b"];
    assert.equal(followersDigest([]), "0".repeat(64));
    assert.equal(followersDigest([a]), sha(a).toString("hex"));
    const xor = Buffer.from(sha(a).map((byte, i) => byte ^ sha(b)[i]!)).toString("hex");
    assert.equal(followersDigest([a, b]), xor);
    assert.equal(followersDigest([b, a]), xor);
  });

  it("takes the scheme, host and port of a URL as its prefix, and matches URIs under it only", () => {
    assert.equal(urlPrefix("https://remote.example:8443/inbox"), "https://remote.example:8443");
    assert.equal(urlPrefix("ftp://remote.example/inbox"), undefined);
    assert.equal(urlPrefix("not a url"), undefined);
    assert.ok(isUnder("https://remote.example/users/a", "https://remote.example"));
    assert.ok(!isUnder("https://remote.example.evil/users/a", "https://remote.example"));
    assert.ok(!isUnder("https://remote.example:8443/users/a", "https://remote.example"));
  });

  it("writes and reads the header", () => {
    const params = { collectionId: "https://a.example/users/x/followers", url: "https://a.example/users/x/followers_synchronization", digest: "ab".repeat(32) };
    assert.deepEqual(parseSynchronizationHeader(synchronizationHeader(params)), params);
    assert.equal(parseSynchronizationHeader('collectionId="x", url="y"'), undefined);
    assert.equal(parseSynchronizationHeader('collectionId="x", url="y", digest="nothex"'), undefined);
  });
});
