import { readFileSync } from "node:fs";
import { childPidsOf } from "@starling/e2e";

// /proc reports CPU time in clock ticks of USER_HZ, which is 100 on Linux whatever the kernel's HZ.
const MS_PER_TICK = 10;

/** CPU time (user + system) a process and its live descendants have used so far, in ms (Linux /proc). */
export function processTreeCpuMs(pid: number): number {
  return [pid, ...descendantsOf(pid)].reduce((sum, id) => sum + ownCpuMs(id), 0);
}

/** CPU time so far of each named process tree. */
export function cpuSnapshot(pids: ReadonlyMap<string, number>): Map<string, number> {
  return new Map([...pids].map(([name, pid]) => [name, processTreeCpuMs(pid)]));
}

/**
 * CPU ms per request of each named process between two snapshots, highest first. Independent of
 * how busy the machine is (unlike requests/s), so runs on a shared machine compare. A descendant
 * that exits between the snapshots (a database connection closed) takes its time along.
 */
export function cpuPerRequest(before: ReadonlyMap<string, number>, after: ReadonlyMap<string, number>, requests: number): [string, number][] {
  return [...after]
    .map(([name, ms]): [string, number] => [name, (ms - (before.get(name) ?? ms)) / Math.max(requests, 1)])
    .sort((a, b) => b[1] - a[1]);
}

function ownCpuMs(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces), from field 3 on: utime is 14, stime 15.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ").at(-1)!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
  } catch {
    return 0; // exited meanwhile
  }
}

function descendantsOf(pid: number): number[] {
  try {
    return childPidsOf(pid).flatMap((child) => [child, ...descendantsOf(child)]);
  } catch {
    return []; // exited meanwhile
  }
}
