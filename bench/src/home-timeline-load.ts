import autocannon from "autocannon";
import { figure, type Column } from "./figures.ts";
import type { BenchConfig } from "./config.ts";
import { HOME_PAGE_SIZE } from "./seed-home-timeline.ts";

/**
 * Reads one full home page as fast as `connections` keep-alive clients can for the configured
 * duration. Non-2xx and socket errors are reported, not hidden: a fast 401 or 503 is not a read.
 */
export async function loadHomeTimeline(url: string, accessToken: string, config: BenchConfig): Promise<Column["figures"]> {
  const result = await autocannon({
    url: `${url}/api/v1/timelines/home?limit=${HOME_PAGE_SIZE}`,
    connections: config.connections,
    duration: config.durationSeconds,
    headers: { authorization: `Bearer ${accessToken}` },
  });
  return {
    homeRequestsPerSecond: figure(result.requests.mean),
    homeLatencyP50Ms: figure(result.latency.p50),
    homeLatencyP99Ms: figure(result.latency.p99),
    homeNon2xx: figure(result.non2xx, `of ${result.requests.total}`),
    homeErrors: figure(result.errors, result.timeouts ? `${result.timeouts} timeouts` : undefined),
  };
}
