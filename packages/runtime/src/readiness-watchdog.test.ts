import assert from "node:assert/strict";
import { waitFor } from "@starling/testkit";
import { Readiness } from "./readiness.ts";
import { watchReadiness } from "./readiness-watchdog.ts";

const failing = (after: () => boolean) => {
  const readiness = new Readiness();
  readiness.add("database", async () => {
    if (after()) throw new Error("connection lost");
  });
  return readiness;
};

describe("readiness watchdog", () => {
  it("gives up on a service that keeps failing its readiness probe, naming it and the failing check", async () => {
    const given: { service: string; checks: Record<string, string> }[] = [];
    const watchdog = watchReadiness(
      new Map([
        ["accounts", failing(() => false)],
        ["timelines", failing(() => true)],
      ]),
      { intervalMs: 5, onGiveUp: (service, report) => void given.push({ service, checks: report.checks }) },
    );
    await waitFor(() => given.length > 0, { what: "the watchdog giving up" });
    watchdog.stop();
    assert.deepEqual(given, [{ service: "timelines", checks: { database: "connection lost" } }]);
  });

  it("forgives failures that do not come in a row", async () => {
    let probes = 0;
    const given: string[] = [];
    // Fails every other probe: never three in a row.
    const watchdog = watchReadiness(new Map([["media", failing(() => ++probes % 2 === 0)]]), { intervalMs: 5, onGiveUp: (service) => void given.push(service) });
    await waitFor(() => probes >= 12, { what: "a dozen probes" });
    watchdog.stop();
    assert.deepEqual(given, []);
  });
});
