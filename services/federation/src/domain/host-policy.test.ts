import assert from "node:assert/strict";
import { federationRefused, type HostPolicy } from "./host-policy.ts";

const open: HostPolicy = { suspended: false, silenced: false, rejectMedia: false, rejectReports: false, allowed: false };

describe("federationRefused", () => {
  it("refuses a suspended server, allowed or not, in either mode", () => {
    assert.equal(federationRefused({ ...open, suspended: true }, false), true);
    assert.equal(federationRefused({ ...open, suspended: true, allowed: true }, true), true);
  });

  it("federates with a silenced or media-rejected server", () => {
    assert.equal(federationRefused({ ...open, silenced: true, rejectMedia: true }, false), false);
  });

  it("in limited-federation mode federates only with allowed servers", () => {
    assert.equal(federationRefused(open, true), true);
    assert.equal(federationRefused({ ...open, allowed: true }, true), false);
    assert.equal(federationRefused(open, false), false);
  });
});
