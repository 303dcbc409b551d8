import type { BarePage } from "./bare-json-server.ts";
import type { BenchConfig } from "./config.ts";
import { figure, type Column } from "./figures.ts";
import { forkServer } from "./forked-server.ts";
import { HOME_PATH, loadPage } from "./home-timeline-load.ts";

/** A page as Starling served it: what the bare server answers with. */
export interface ServedPage {
  body: Buffer;
  contentType: string;
}

/** Reads `path` once with the bearer token, failing on anything but a 200. */
export async function fetchPage(url: string, path: string, accessToken: string): Promise<ServedPage> {
  const response = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${accessToken}` } });
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
  return { body: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get("content-type") ?? "application/json" };
}

/**
 * Loads a bare Node HTTP server answering `page` from memory, with the same request, connections and
 * duration as Starling's home-timeline run, and prints Starling's requests/s as a share of it. The server runs in a
 * process of its own, as Starling does, so autocannon in this process does not steal its event loop.
 */
export async function loadBareServer(page: ServedPage, headers: Record<string, string>, config: BenchConfig, starlingRequestsPerSecond: number | undefined): Promise<Column["figures"]> {
  const server = await forkServer(new URL("./bare-json-server.ts", import.meta.url), { body: page.body.toString("base64"), contentType: page.contentType } satisfies BarePage);
  try {
    const bare = await loadPage(`http://127.0.0.1:${server.port}${HOME_PATH}`, headers, config);
    const figures: Column["figures"] = {
      bareRequestsPerSecond: bare.requestsPerSecond,
      bareLatencyP50Ms: bare.latencyP50Ms,
      bareLatencyP99Ms: bare.latencyP99Ms,
    };
    if (starlingRequestsPerSecond !== undefined && bare.requestsPerSecond.value > 0) {
      figures.ratioToBare = figure(starlingRequestsPerSecond / bare.requestsPerSecond.value);
    }
    return figures;
  } finally {
    await server.stop();
  }
}
