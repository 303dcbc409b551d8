import assert from "node:assert/strict";
import { STARLING_VERSION } from "@starling/runtime";
import { nodeInfo20, nodeInfoLinks, NODEINFO_20_REL } from "./nodeinfo.ts";

describe("NodeInfo 2.0", () => {
  const stats = { usersTotal: 7, usersActiveMonth: 3, usersActiveHalfyear: 5, localPosts: 42, knownDomains: 0 };

  it("has exactly the seven members the schema requires, with counts as integers", () => {
    const doc = nodeInfo20(stats, { openRegistrations: true, nodeName: "Test" });
    assert.deepEqual(Object.keys(doc).sort(), ["metadata", "openRegistrations", "protocols", "services", "software", "usage", "version"]);
    assert.equal(doc.version, "2.0");
    assert.match(doc.software.name, /^[a-z0-9-]+$/);
    assert.equal(doc.software.version, STARLING_VERSION);
    assert.deepEqual(doc.usage, { users: { total: 7, activeHalfyear: 5, activeMonth: 3 }, localPosts: 42 });
    assert.ok(doc.protocols.length >= 1);
    assert.equal(doc.openRegistrations, true);
  });

  it("links the 2.0 document from the discovery document", () => {
    assert.deepEqual(nodeInfoLinks("https://example.com"), { links: [{ rel: NODEINFO_20_REL, href: "https://example.com/nodeinfo/2.0" }] });
  });
});
