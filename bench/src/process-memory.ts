import { readFile } from "node:fs/promises";

/** Resident set size of a live process in MiB, from the kernel's own accounting. */
export async function readRssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  if (!match?.[1]) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]) / 1024;
}

/** An RSS figure and whether it had stopped moving when it was taken. */
export interface SettledRss {
  mib: number;
  settled: boolean;
}

// Right after ready the server is still loading lazily imported modules and the GC has not run;
// four readings half a second apart within 2% of each other is "idle". The cap keeps a process
// whose memory keeps creeping from stalling the run; the figure is then flagged as unsettled.
const SAMPLE_EVERY_MS = 500;
const SAMPLES_IN_A_ROW = 4;
const TOLERANCE = 0.02;
const GIVE_UP_AFTER_MS = 20_000;

/** Samples RSS until it stops moving (or the cap passes) and returns the last reading. */
export async function settledRssMiB(pid: number): Promise<SettledRss> {
  const deadline = Date.now() + GIVE_UP_AFTER_MS;
  const recent: number[] = [];
  for (;;) {
    recent.push(await readRssMiB(pid));
    if (recent.length > SAMPLES_IN_A_ROW) recent.shift();
    const mib = recent.at(-1)!;
    const spread = (Math.max(...recent) - Math.min(...recent)) / mib;
    if (recent.length === SAMPLES_IN_A_ROW && spread <= TOLERANCE) return { mib, settled: true };
    if (Date.now() > deadline) return { mib, settled: false };
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
  }
}
