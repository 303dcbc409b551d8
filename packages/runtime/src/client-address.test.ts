import assert from "node:assert/strict";
import { canonicalAddress, throttleableAddress } from "./client-address.ts";

describe("throttleableAddress", () => {
  it("keeps an IPv4 address as it is", () => {
    assert.equal(throttleableAddress("203.0.113.7"), "203.0.113.7");
  });

  it("masks IPv6 addresses to their /64, so two hosts of one network share a key", () => {
    assert.equal(throttleableAddress("2001:db8:1:2:3:4:5:6"), "2001:db8:1:2::/64");
    assert.equal(throttleableAddress("2001:db8:1:2:ffff::1"), "2001:db8:1:2::/64");
    assert.notEqual(throttleableAddress("2001:db8:1:3::1"), throttleableAddress("2001:db8:1:2::1"));
  });

  it("reads IPv4-mapped IPv6 as IPv4", () => {
    assert.equal(throttleableAddress("::ffff:198.51.100.9"), "198.51.100.9");
  });

  it("returns what is not an address unchanged", () => {
    assert.equal(throttleableAddress("unknown"), "unknown");
  });

  it("writes addresses canonically for comparisons (IPv4-mapped as IPv4, IPv6 compressed)", () => {
    assert.equal(canonicalAddress("::ffff:127.0.0.1"), "127.0.0.1");
    assert.equal(canonicalAddress("0:0:0:0:0:0:0:1"), "::1");
  });
});
