import assert from "node:assert/strict";
import { InvalidMuteDuration, muteExpiry, muteIsLive } from "./mute-duration.ts";

describe("mute durations", () => {
  const now = new Date("2024-05-01T12:00:00Z");

  it("ends a timed mute that many seconds later and never ends a mute of 0", () => {
    assert.deepEqual(muteExpiry("90", now), new Date("2024-05-01T12:01:30Z"));
    assert.deepEqual(muteExpiry(2, now), new Date("2024-05-01T12:00:02Z"));
    assert.equal(muteExpiry("0", now), null);
  });

  it("refuses negative, fractional, non-numeric and absurdly long durations", () => {
    for (const bad of ["-1", "1.5", "abc", "", -5, 0.5, String(200 * 365 * 86400)]) assert.throws(() => muteExpiry(bad, now), InvalidMuteDuration, String(bad));
  });

  it("counts a mute as over from the instant it expires", () => {
    assert.equal(muteIsLive(null, now), true);
    assert.equal(muteIsLive(new Date(now.getTime() + 1), now), true);
    assert.equal(muteIsLive(now, now), false);
  });
});
