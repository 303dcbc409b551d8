import { readFileSync } from "node:fs";
import { join } from "node:path";
import { isProcessAlive } from "@starling/runtime";

/**
 * Makes `dataDir` startable after a crash. A postmaster.pid naming a dead process is left to
 * PostgreSQL, which replaces a stale lock itself. A live server whose parent is gone (orphaned by a
 * killed Starling on a system without the parent-death signal) is stopped; a live server whose parent
 * is alive belongs to a running process, so starting a second one is refused with its pid.
 */
export async function clearStalePostmaster(dataDir: string): Promise<void> {
  const pid = postmasterPid(dataDir);
  // A dead pid, or one the system reused for another program, is a stale lock PostgreSQL replaces itself.
  if (pid === undefined || !isProcessAlive(pid) || !commandOf(pid).includes("postgres")) return;
  const parent = parentOf(pid);
  if (parent !== undefined && parent !== 1 && isProcessAlive(parent)) {
    throw new Error(`the database in ${dataDir} is in use by PostgreSQL process ${pid} (started by process ${parent}): stop that Starling first`);
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
  try {
    const pid = Number(readFileSync(join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

// Linux only (/proc); elsewhere the orphan check is skipped and PostgreSQL's own lock refuses a second start.
function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return undefined;
  }
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    return "postgres"; // no /proc: assume it is the server the lock names
  }
}
