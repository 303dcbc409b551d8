import autocannon from "autocannon";
import { figure, type Column, type Figure } from "./figures.ts";
import type { BenchConfig } from "./config.ts";
import { cpuPerRequest, cpuSnapshot } from "./process-cpu.ts";
import { HOME_PAGE_SIZE } from "./seed-home-timeline.ts";

/** The path every home-timeline load reads, Starling's and the bare server's alike. */
export const HOME_PATH = `/api/v1/timelines/home?limit=${HOME_PAGE_SIZE}`;
/** A page of the same statuses that no home feed serves. */
export const PUBLIC_PATH = `/api/v1/timelines/public?limit=${HOME_PAGE_SIZE}`;

/** What one load of one URL measured. */
export interface PageLoad {
  requestsPerSecond: Figure;
  latencyP50Ms: Figure;
  latencyP99Ms: Figure;
  non2xx: Figure;
  errors: Figure;
  /** Requests answered in all. */
  requests: number;
}

/**
 * Reads one URL as fast as `connections` keep-alive clients can for the configured duration.
 * Non-2xx and socket errors are reported, not hidden: a fast 401 or 503 is not a read.
 */
export async function loadPage(url: string, headers: Record<string, string>, config: BenchConfig): Promise<PageLoad> {
  const result = await autocannon({ url, connections: config.connections, duration: config.durationSeconds, headers });
  return {
    requestsPerSecond: figure(result.requests.mean),
    latencyP50Ms: figure(result.latency.p50),
    latencyP99Ms: figure(result.latency.p99),
    non2xx: figure(result.non2xx, `of ${result.requests.total}`),
    errors: figure(result.errors, result.timeouts ? `${result.timeouts} timeouts` : undefined),
    requests: result.requests.total,
  };
}

/** A load of one URL with the CPU time the stack's processes spent per request, in all and by process. */
export interface MeasuredLoad extends PageLoad {
  cpuMsPerRequest?: Figure;
  /** `what`'s line for the notes under the table: each process's share, when there are several. */
  cpuNote?: string;
}

/** {@link loadPage} with the CPU time `processes` (the stack's, by name) spent meanwhile, per request. */
export async function loadPageMeasuringCpu(url: string, headers: Record<string, string>, config: BenchConfig, processes: ReadonlyMap<string, number>, what: string): Promise<MeasuredLoad> {
  const before = cpuSnapshot(processes);
  const load = await loadPage(url, headers, config);
  const perProcess = cpuPerRequest(before, cpuSnapshot(processes), load.requests);
  if (perProcess.length === 0) return load;
  const cpuMsPerRequest = figure(perProcess.reduce((sum, [, ms]) => sum + ms, 0));
  if (perProcess.length === 1) return { ...load, cpuMsPerRequest };
  return { ...load, cpuMsPerRequest, cpuNote: `${what}, CPU ms per request by process: ${perProcess.map(([name, ms]) => `${name} ${ms.toFixed(3)}`).join(", ")}` };
}

/**
 * Starling's home page under load, as the home-timeline rows of the table, with the CPU time the
 * stack's processes spent per request (`processes`: the stack's, by name) and, in `notes`, each
 * process's share.
 */
export async function loadHomeTimeline(url: string, accessToken: string, config: BenchConfig, processes: ReadonlyMap<string, number>, notes: string[]): Promise<Column["figures"]> {
  const load = await loadPageMeasuringCpu(`${url}${HOME_PATH}`, { authorization: `Bearer ${accessToken}` }, config, processes, "home timeline");
  if (load.cpuNote) notes.push(load.cpuNote);
  return {
    ...(load.cpuMsPerRequest ? { homeCpuMsPerRequest: load.cpuMsPerRequest } : {}),
    homeRequestsPerSecond: load.requestsPerSecond,
    homeLatencyP50Ms: load.latencyP50Ms,
    homeLatencyP99Ms: load.latencyP99Ms,
    homeNon2xx: load.non2xx,
    homeErrors: load.errors,
  };
}
