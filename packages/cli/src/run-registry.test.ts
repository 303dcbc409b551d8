import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readLiveRunRecord, removeRunRecord, writeRunRecord } from "./run-registry.ts";

describe("run registry", () => {
  let dataDir: string;
  beforeEach(() => void (dataDir = mkdtempSync(join(tmpdir(), "starling-run-"))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it("finds no server when nothing was recorded", () => {
    assert.equal(readLiveRunRecord(dataDir), undefined);
  });

  it("returns the record of a process that is still running", () => {
    const record = { pid: process.pid, addresses: { accounts: "127.0.0.1:50051" } };
    writeRunRecord(dataDir, record);
    assert.deepEqual(readLiveRunRecord(dataDir), record);
  });

  it("treats a record whose process has exited as no server", () => {
    const exited = spawnSync(process.execPath, ["-e", ""]);
    assert.equal(exited.status, 0);
    writeRunRecord(dataDir, { pid: exited.pid!, addresses: { accounts: "127.0.0.1:50051" } });
    assert.equal(readLiveRunRecord(dataDir), undefined);
  });

  it("counts a running process of another user as live", () => {
    // pid 1 always runs; as non-root the probe answers EPERM, which still means alive.
    writeRunRecord(dataDir, { pid: 1, addresses: {} });
    assert.deepEqual(readLiveRunRecord(dataDir), { pid: 1, addresses: {} });
  });

  it("forgets the server once the record is removed", () => {
    writeRunRecord(dataDir, { pid: process.pid, addresses: {} });
    removeRunRecord(dataDir);
    assert.equal(readLiveRunRecord(dataDir), undefined);
    removeRunRecord(dataDir); // removing twice is fine
  });

  it("ignores a record it cannot read", () => {
    mkdirSync(join(dataDir, "run"));
    writeFileSync(join(dataDir, "run", "services.json"), "{ not json");
    assert.equal(readLiveRunRecord(dataDir), undefined);
  });
});
