import { Redis } from "ioredis";
import type { Stack, StackInfra } from "@starling/e2e";
import { figure, type Column } from "./figures.ts";
import { HOME_PATH } from "./home-timeline-load.ts";
import { HOME_PAGE_SIZE } from "./seed-home-timeline.ts";

// Reads after the first one, one at a time: enough for a median, few enough to stay quick.
const STEADY_READS = 20;

/**
 * The home page after its feed cache is gone: `loseFeedCache` throws the cache away (and resolves
 * the stack to read from afterwards), then the first read, which rebuilds the feed from PostgreSQL,
 * is timed alone, and the reads after it give the steady median. A page short of
 * {@link HOME_PAGE_SIZE} statuses is flagged: a fast rebuild that lost statuses is no rebuild.
 */
export async function benchFeedLoss(stack: Stack, accessToken: string, loseFeedCache: (stack: Stack) => Promise<Stack>): Promise<Column["figures"]> {
  const after = await loseFeedCache(stack);
  const first = await timedRead(after.url, accessToken);
  const steady: number[] = [];
  for (let i = 0; i < STEADY_READS; i++) steady.push((await timedRead(after.url, accessToken)).ms);
  steady.sort((a, b) => a - b);
  const short = first.statuses < HOME_PAGE_SIZE ? `page had ${first.statuses} statuses` : undefined;
  return { rebuildFirstReadMs: figure(first.ms, short), rebuildSteadyP50Ms: figure(steady[Math.floor(steady.length / 2)]!) };
}

async function timedRead(url: string, accessToken: string): Promise<{ ms: number; statuses: number }> {
  const startedAt = performance.now();
  const response = await fetch(`${url}${HOME_PATH}`, { headers: { authorization: `Bearer ${accessToken}` } });
  const body = await response.text();
  const ms = performance.now() - startedAt;
  if (response.status !== 200) throw new Error(`GET ${HOME_PATH} answered ${response.status}: ${body}`);
  return { ms, statuses: (JSON.parse(body) as unknown[]).length };
}

/**
 * FLUSHALL for one stack on shared Redis: unlinks every key under the stack's prefix (feeds, their
 * built markers, caches, counters) and nothing of anyone else's. Resolves how many went.
 */
export async function flushStackKeys(infra: StackInfra): Promise<number> {
  // Unprefixed: SCAN patterns are not rewritten by ioredis's keyPrefix.
  const redis = new Redis(infra.redisUrl);
  let unlinked = 0;
  try {
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${infra.redisKeyPrefix}*`, "COUNT", 1000);
      if (keys.length > 0) unlinked += await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== "0");
    return unlinked;
  } finally {
    redis.disconnect();
  }
}
