import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isProcessAlive } from "@starling/runtime";

const ownerFile = (dataDir: string) => join(dataDir, "starling.owner");

/** Records which process started the server of `dataDir`, for {@link clearStalePostmaster}. */
export function recordOwner(dataDir: string): void {
  writeFileSync(ownerFile(dataDir), String(process.pid));
}

/**
 * Makes `dataDir` startable after a crash. A postmaster.pid naming a dead process is left to
 * PostgreSQL, which replaces a stale lock itself. A live server whose owner (the process that
 * started it) is gone, orphaned by a killed Starling on a system without the parent-death signal,
 * is stopped; a live server whose owner is alive is in use, so a second start is refused.
 */
export async function clearStalePostmaster(dataDir: string): Promise<void> {
  const pid = postmasterPid(dataDir);
  // A dead pid, or one the system reused for another program, is a stale lock PostgreSQL replaces itself.
  if (pid === undefined || !isProcessAlive(pid) || !runsOn(pid, dataDir)) return;
  const owner = Number(readOrEmpty(ownerFile(dataDir)));
  if (owner > 0 && isProcessAlive(owner)) {
    throw new Error(`the database in ${dataDir} is in use by PostgreSQL process ${pid}, started by process ${owner}: stop that Starling first`);
  }
  process.kill(pid, "SIGINT");
  await waitForPostmasterGone(dataDir, 30_000);
}

/** Resolves once the server of `dataDir` has removed its postmaster.pid (the last step of its shutdown). */
export async function waitForPostmasterGone(dataDir: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (postmasterPid(dataDir) !== undefined) {
    if (Date.now() > deadline) throw new Error(`PostgreSQL in ${dataDir} did not stop within ${timeoutMs} ms`);
    await new Promise((done) => setTimeout(done, 20));
  }
}

function postmasterPid(dataDir: string): number | undefined {
  const pid = Number(readOrEmpty(join(dataDir, "postmaster.pid")).split("\n")[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

function readOrEmpty(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}

// The postmaster's command line names its data directory (-D); without /proc, trust the lock file.
function runsOn(pid: number, dataDir: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(dataDir);
  } catch {
    return true;
  }
}
