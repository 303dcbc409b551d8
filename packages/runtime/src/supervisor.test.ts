import assert from "node:assert/strict";
import { waitFor } from "@starling/testkit";
import { supervise } from "./supervisor.ts";

type Line = { fields: Record<string, unknown>; message: string };
const recorder = (lines: Line[]) => ({
  info: (fields: object, message: string) => void lines.push({ fields: fields as Record<string, unknown>, message }),
  warn: (fields: object, message: string) => void lines.push({ fields: fields as Record<string, unknown>, message }),
});
const restarts = (lines: Line[]) => lines.filter((l) => l.message === "service exited; restarting");

describe("supervisor", () => {
  it("starts a process again after it is killed, with a log line, and stops it on request", async () => {
    const lines: Line[] = [];
    const supervised = supervise({ command: process.execPath, args: ["-e", "setInterval(() => {}, 1000)"], spawn: { stdio: "ignore" }, firstBackoffMs: 20, logger: recorder(lines) });
    await waitFor(() => supervised.child?.pid !== undefined, { what: "the first process" });
    const first = supervised.child!.pid!;
    process.kill(first, "SIGKILL");
    await waitFor(() => supervised.child?.pid !== undefined && supervised.child.pid !== first, { what: "a second process" });
    assert.deepEqual(restarts(lines).map((l) => [l.fields.signal, l.fields.restartInMs]), [["SIGKILL", 20]]);
    const second = supervised.child!;
    await supervised.stop();
    assert.notEqual(second.signalCode ?? second.exitCode, null);
    assert.equal(restarts(lines).length, 1, "no restart after stop");
  });

  it("doubles the pause while the process keeps dying, up to the cap", async () => {
    const lines: Line[] = [];
    const supervised = supervise({ command: process.execPath, args: ["-e", "process.exit(3)"], spawn: { stdio: "ignore" }, firstBackoffMs: 10, maxBackoffMs: 40, logger: recorder(lines) });
    await waitFor(() => restarts(lines).length >= 4, { timeoutMs: 20_000, what: "four restarts" });
    await supervised.stop();
    assert.deepEqual(restarts(lines).slice(0, 4).map((l) => [l.fields.code, l.fields.restartInMs]), [[3, 10], [3, 20], [3, 40], [3, 40]]);
  });
});
