import assert from "node:assert/strict";
import { ipInRange, parseIpRange } from "./ip-ranges.ts";

describe("parseIpRange", () => {
  it("writes a bare IPv4 address as its /32", () => {
    assert.equal(parseIpRange("203.0.113.7"), "203.0.113.7/32");
  });

  it("clears the host bits of a CIDR range", () => {
    assert.equal(parseIpRange("192.0.2.77/24"), "192.0.2.0/24");
    assert.equal(parseIpRange("2001:db8:1:2::5/48"), "2001:db8:1::/48");
  });

  it("widens a bare IPv6 address to its /64", () => {
    assert.equal(parseIpRange("2001:db8:1:2:3:4:5:6"), "2001:db8:1:2::/64");
  });

  it("reads IPv4-mapped IPv6 as IPv4", () => {
    assert.equal(parseIpRange("::ffff:198.51.100.9"), "198.51.100.9/32");
  });

  it("refuses what is not an address or range", () => {
    for (const bad of ["", "example.com", "300.1.1.1", "10.0.0.0/33", "10.0.0.0/x"]) assert.equal(parseIpRange(bad), undefined, bad);
  });
});

describe("ipInRange", () => {
  it("matches addresses inside an IPv4 range and not outside", () => {
    assert.equal(ipInRange("192.0.2.200", "192.0.2.0/24"), true);
    assert.equal(ipInRange("192.0.3.1", "192.0.2.0/24"), false);
  });

  it("matches another address of the same IPv6 /64 as a blocked single address", () => {
    const range = parseIpRange("2001:db8:1:2::1")!;
    assert.equal(ipInRange("2001:db8:1:2:ffff::9", range), true);
    assert.equal(ipInRange("2001:db8:1:3::1", range), false);
  });

  it("matches an IPv4 client seen as IPv4-mapped IPv6", () => {
    assert.equal(ipInRange("::ffff:192.0.2.5", "192.0.2.0/24"), true);
  });

  it("never matches across families or non-addresses", () => {
    assert.equal(ipInRange("2001:db8::1", "192.0.2.0/24"), false);
    assert.equal(ipInRange("unknown", "192.0.2.0/24"), false);
  });
});
