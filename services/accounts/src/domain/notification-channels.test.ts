import assert from "node:assert/strict";
import { completeAlerts, emailPreferences, isAway, policyAllows, retryDelayMs } from "./notification-channels.ts";

describe("notification channels", () => {
  it("lists every type in alerts, off unless named true", () => {
    const alerts = completeAlerts({ mention: true, follow: false, bogus: true });
    assert.equal(Object.keys(alerts).length, 10);
    assert.deepEqual([alerts.mention, alerts.follow, alerts["admin.report"]], [true, false, false]);
    assert.ok(!("bogus" in alerts));
  });

  it("lets a push through by policy: all, followed, follower, none", () => {
    const stranger = { followed: false, follower: false };
    const friend = { followed: true, follower: false };
    const fan = { followed: false, follower: true };
    assert.deepEqual(["all", "followed", "follower", "none"].map((p) => [stranger, friend, fan].map((r) => policyAllows(p, r))), [
      [true, true, true],
      [false, true, false],
      [false, false, true],
      [false, false, false],
    ]);
  });

  it("takes Mastodon's e-mail defaults for types the user did not set", () => {
    const defaults = emailPreferences({});
    assert.deepEqual(Object.entries(defaults).filter(([, on]) => on).map(([type]) => type), ["mention", "follow", "follow_request", "admin.sign_up", "admin.report"]);
    assert.deepEqual([emailPreferences({ mention: false, favourite: true }).mention, emailPreferences({ favourite: true }).favourite], [false, true]);
  });

  it("counts a user away when never seen or quiet for 15 minutes", () => {
    const now = new Date("2026-01-01T12:00:00Z");
    assert.equal(isAway(null, now), true);
    assert.equal(isAway(new Date("2026-01-01T11:50:00Z"), now), false);
    assert.equal(isAway(new Date("2026-01-01T11:45:00Z"), now), true);
  });

  it("backs off from 30 s, doubling, and gives up after the tenth attempt", () => {
    assert.deepEqual([1, 2, 3, 9].map(retryDelayMs), [30_000, 60_000, 120_000, 7_680_000]);
    assert.equal(retryDelayMs(10), undefined);
  });
});
