import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { isProcessAlive } from "@starling/runtime";

/** Where a running embedded server says it listens, so the CLI talks to it instead of opening its data. */
export interface RunRecord {
  pid: number;
  addresses: Record<string, string>;
}

const recordPath = (dataDir: string) => join(resolve(dataDir), "run", "services.json");

/** Records the embedded server's addresses in DATA_DIR/run/services.json. */
export function writeRunRecord(dataDir: string, record: RunRecord): void {
  mkdirSync(join(resolve(dataDir), "run"), { recursive: true });
  writeFileSync(recordPath(dataDir), JSON.stringify(record, null, 2));
}

/** Removes the record when the server stops. */
export function removeRunRecord(dataDir: string): void {
  rmSync(recordPath(dataDir), { force: true });
}

/** The record of a server that is still alive, or undefined (no record, or its process is gone). */
export function readLiveRunRecord(dataDir: string): RunRecord | undefined {
  let record: RunRecord;
  try {
    record = JSON.parse(readFileSync(recordPath(dataDir), "utf8")) as RunRecord;
  } catch {
    return undefined;
  }
  return isProcessAlive(record.pid) ? record : undefined;
}
