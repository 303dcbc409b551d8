import assert from "node:assert/strict";
import { formatDeliveries } from "./federation-deliveries.ts";

describe("starling federation deliveries", () => {
  it("prints deliveries and failing hosts as aligned tables", () => {
    const text = formatDeliveries({
      deliveries: [
        { id: "7", inbox: "https://a.example/inbox", activityId: "x", activityType: "Create", state: "failed", attempts: 3, lastError: "HTTP 503", nextAttemptAt: new Date("2030-01-01T00:00:00Z"), createdAt: new Date() },
        { id: "12", inbox: "https://b.example/users/bob/inbox", activityId: "y", activityType: "Follow", state: "dead", attempts: 1, lastError: "HTTP 410", nextAttemptAt: new Date(), createdAt: new Date() },
      ],
      hosts: [{ host: "a.example", state: "open", consecutiveFailures: 5, openUntil: new Date("2030-01-01T00:05:00Z") }],
    });
    const lines = text.split("\n");
    assert.match(lines[0]!, /^ID\s+STATE\s+ATTEMPTS\s+NEXT ATTEMPT\s+TYPE\s+INBOX\s+LAST ERROR$/);
    assert.match(lines[1]!, /^7\s+failed\s+3\s+2030-01-01T00:00:00.000Z\s+Create\s+https:\/\/a.example\/inbox\s+HTTP 503$/);
    assert.match(lines[2]!, /^12\s+dead\s+1\s+-\s+Follow/);
    assert.equal(lines[1]!.indexOf("failed"), lines[2]!.indexOf("dead"));
    assert.match(text, /HOST\s+CIRCUIT\s+FAILURES\s+OPEN UNTIL\na\.example\s+open\s+5\s+2030-01-01T00:05:00.000Z/);
  });

  it("prints - for a delivery whose activity type is not recorded", () => {
    const text = formatDeliveries({
      deliveries: [{ id: "9", inbox: "https://c.example/inbox", activityId: "z", state: "pending", attempts: 0, nextAttemptAt: new Date("2030-01-01T00:00:00Z"), createdAt: new Date() }],
      hosts: [],
    });
    assert.match(text.split("\n")[1]!, /^9\s+pending\s+0\s+2030-01-01T00:00:00.000Z\s+-\s+https:\/\/c.example\/inbox\s+-$/);
  });

  it("says so when there is nothing to show", () => {
    assert.equal(formatDeliveries({ deliveries: [], hosts: [] }), "No deliveries.\n\nNo failing hosts.");
  });
});
