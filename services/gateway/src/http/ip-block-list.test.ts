import assert from "node:assert/strict";
import { createLogger, parseIpRange } from "@starling/runtime";
import { IpBlockList, type ActiveIpBlock } from "./ip-block-list.ts";

const logger = createLogger("test", "silent");

describe("IpBlockList", () => {
  const block = (ip: string, severity: string, expiresAt?: Date): ActiveIpBlock => ({ ip: parseIpRange(ip)!, severity, expiresAt });

  it("answers the strongest severity among the blocks covering an address", async () => {
    const list = new IpBlockList(async () => [block("192.0.2.0/24", "sign_up_requires_approval"), block("192.0.2.7", "sign_up_block")], 60_000, logger);
    assert.equal(await list.severityAt("192.0.2.7"), "sign_up_block");
    assert.equal(await list.severityAt("192.0.2.8"), "sign_up_requires_approval");
    assert.equal(await list.severityAt("198.51.100.1"), undefined);
  });

  it("covers the whole /64 of a blocked IPv6 address, and IPv4 clients seen as IPv4-mapped IPv6", async () => {
    const list = new IpBlockList(async () => [block("2001:db8:5:6::1", "no_access"), block("203.0.113.9", "sign_up_block")], 60_000, logger);
    assert.equal(await list.severityAt("2001:db8:5:6:aaaa::2"), "no_access");
    assert.equal(await list.severityAt("2001:db8:5:7::1"), undefined);
    assert.equal(await list.severityAt("::ffff:203.0.113.9"), "sign_up_block");
  });

  it("ignores an expired block", async () => {
    const list = new IpBlockList(async () => [block("192.0.2.1", "no_access", new Date(Date.now() - 1000))], 60_000, logger);
    assert.equal(await list.severityAt("192.0.2.1"), undefined);
  });

  it("loads once while fresh, again when invalidated, and keeps the last copy when a load fails", async () => {
    let loads = 0;
    let answer: () => ActiveIpBlock[] = () => [block("192.0.2.1", "sign_up_block")];
    const list = new IpBlockList(async () => (loads++, answer()), 60_000, logger);
    await Promise.all([list.severityAt("192.0.2.1"), list.severityAt("192.0.2.2")]);
    await list.severityAt("192.0.2.3");
    assert.equal(loads, 1);
    answer = () => {
      throw new Error("moderation unreachable");
    };
    list.invalidate();
    assert.equal(await list.severityAt("192.0.2.1"), "sign_up_block");
    answer = () => [];
    list.invalidate();
    assert.equal(await list.severityAt("192.0.2.1"), undefined);
  });
});
