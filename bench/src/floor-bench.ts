import { availableParallelism } from "node:os";
import type { Stack } from "@starling/e2e";
import { connectService, signViewer } from "@starling/runtime";
import { StatusesServiceClient, StatusPage } from "@starling/proto/statuses/v1/statuses";
import { TimelinesServiceClient } from "@starling/proto/timelines/v1/timelines";
import type { ServedPage } from "./bare-server-load.ts";
import type { BenchConfig } from "./config.ts";
import { figure, type Column } from "./figures.ts";
import type { FloorGatewaySetup } from "./floor-gateway.ts";
import type { FloorUpstreamSetup } from "./floor-upstreams.ts";
import { forkServer, type ForkedServer } from "./forked-server.ts";
import { HOME_PATH, loadPage } from "./home-timeline-load.ts";
import { cpuPerRequest, cpuSnapshot } from "./process-cpu.ts";
import { HOME_PAGE_SIZE } from "./seed-home-timeline.ts";

/**
 * The floor of the production-like shape: an express gateway making the same two unary grpc-js
 * calls per home page (timelines, then statuses), to two processes of their own that each make one
 * Redis command and answer the real messages from memory (floor-upstreams.ts), then writing the
 * page's JSON (floor-gateway.ts). Loaded as the home timeline is, with the CPU time of its three
 * processes per request; its requests/s over the bare server's says how close to the bare server
 * this shape can come on this machine with nothing inside it.
 */
export async function benchFloor(stack: Stack, accessToken: string, page: ServedPage, config: BenchConfig, bareRequestsPerSecond: number | undefined, notes: string[]): Promise<Column["figures"]> {
  const infra = stack.infra;
  if (!infra) throw new Error("the floor needs a stack on real servers (its Redis and gRPC addresses)");
  const { accountId, statusPage, viewerToken } = await realMessages(stack, accessToken);
  const upstream = (service: string) =>
    forkServer(new URL("./floor-upstreams.ts", import.meta.url), { redisUrl: infra.redisUrl, redisKeyPrefix: infra.redisKeyPrefix, accountId, statusPage } satisfies FloorUpstreamSetup, [service]);
  const servers = new Map<string, ForkedServer>();
  try {
    servers.set("floor-timelines", await upstream("timelines"));
    servers.set("floor-statuses", await upstream("statuses"));
    const gateway = await forkServer(new URL("./floor-gateway.ts", import.meta.url), {
      timelinesAddress: `127.0.0.1:${servers.get("floor-timelines")!.port}`,
      statusesAddress: `127.0.0.1:${servers.get("floor-statuses")!.port}`,
      viewerToken,
      pageJson: page.body.toString("utf8"),
    } satisfies FloorGatewaySetup);
    servers.set("floor-gateway", gateway);
    const url = `http://127.0.0.1:${gateway.port}${HOME_PATH}`;
    // The same page as Starling's, or the floor measured something else.
    const served = await fetch(url);
    if (!served.ok || JSON.stringify(await served.json()) !== JSON.stringify(JSON.parse(page.body.toString("utf8")))) throw new Error("the floor's gateway did not answer Starling's page");
    const processes = new Map([...servers].map(([name, server]) => [name, server.pid]));
    const before = cpuSnapshot(processes);
    const loaderBefore = process.cpuUsage();
    const load = await loadPage(url, { authorization: `Bearer ${accessToken}` }, config);
    const loader = process.cpuUsage(loaderBefore);
    const perProcess = cpuPerRequest(before, cpuSnapshot(processes), load.requests);
    const cpu = perProcess.reduce((sum, [, ms]) => sum + ms, 0);
    // autocannon runs in this process: its share is CPU the machine spends per request too.
    const loaderMs = (loader.user + loader.system) / 1000 / Math.max(load.requests, 1);
    // What the cores could serve if the floor and autocannon had them to themselves (Redis's two commands aside).
    const ceiling = (availableParallelism() * 1000) / (cpu + loaderMs);
    notes.push(
      `floor, CPU ms per request by process: ${perProcess.map(([name, ms]) => `${name} ${ms.toFixed(3)}`).join(", ")}; autocannon (the bench process) ${loaderMs.toFixed(3)}` +
        `; so ${availableParallelism()} idle cores could serve at most ${ceiling.toFixed(0)} requests/s${bareRequestsPerSecond ? ` (${(ceiling / bareRequestsPerSecond).toFixed(4)} of this run's bare server)` : ""}`,
    );
    return {
      floorRequestsPerSecond: load.requestsPerSecond,
      floorLatencyP50Ms: load.latencyP50Ms,
      floorLatencyP99Ms: load.latencyP99Ms,
      floorNon2xx: load.non2xx,
      floorCpuMsPerRequest: figure(cpu),
      ...(bareRequestsPerSecond ? { floorRatioToBare: figure(load.requestsPerSecond.value / bareRequestsPerSecond) } : {}),
    };
  } finally {
    await Promise.all([...servers.values()].map((server) => server.stop()));
  }
}

/** The reader's id, a signed viewer of it, and the StatusPage the stack's statuses service answers for its home page. */
async function realMessages(stack: Stack, accessToken: string): Promise<{ accountId: string; statusPage: string; viewerToken: string }> {
  const infra = stack.infra!;
  const me = await fetch(`${stack.url}/api/v1/accounts/verify_credentials`, { headers: { authorization: `Bearer ${accessToken}` } });
  const { id: accountId } = (await me.json()) as { id: string };
  const viewerToken = await signViewer(infra.viewerTokenSecret, { accountId, scopes: ["read"] });
  const timelines = connectService(TimelinesServiceClient, infra.grpcAddresses.timelines!, { deadlineMs: 5_000 });
  const statuses = connectService(StatusesServiceClient, infra.grpcAddresses.statuses!, { deadlineMs: 5_000 });
  try {
    const { statusIds } = await timelines.getHomeTimeline({ page: { limit: HOME_PAGE_SIZE } }, { viewerToken });
    const statusPage = await statuses.getStatusPage({ ids: statusIds, filterContext: "home" }, { viewerToken });
    if (statusPage.statuses.length !== HOME_PAGE_SIZE) throw new Error(`the real statuses service answered ${statusPage.statuses.length} statuses, not ${HOME_PAGE_SIZE}`);
    return { accountId, viewerToken, statusPage: Buffer.from(StatusPage.encode(statusPage).finish()).toString("base64") };
  } finally {
    timelines.close();
    statuses.close();
  }
}
