import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { newSession, type Stack } from "@starling/e2e";
import { figure, type Column } from "./figures.ts";
import { seedFollowers } from "./seed-followers.ts";

// Long enough for a slow fan-out to finish and be measured, short enough not to stall the run.
const GIVE_UP_AFTER_MS = 120_000;
const POLL_EVERY_MS = 10;
// Feeds checked per pipelined round when confirming every follower has the status, or unlinked per call.
const CHECK_BATCH = 1_000;

// Home feeds as services/timelines/README.md describes them, under the stack's key prefix.
const feedKey = (accountId: string) => `feed:home:${accountId}`;

/**
 * One author with `followers` local followers posts once; the figures are the times from the post's
 * 200 until the author's own home feed, then every follower's, in Redis holds the status. Needs a stack on real servers: the
 * embedded store lives inside the server process.
 */
export async function benchFanOut(stack: Stack, followers: number): Promise<Column["figures"]> {
  const infra = stack.infra;
  if (!infra) throw new Error(`the ${stack.name} stack does not expose its database and Redis`);
  const author = await newSession(stack, "fanout", randomBytes(3).toString("hex"));
  const seededAt = performance.now();
  const followerIds = await seedFollowers(infra, author.account.id, followers);
  console.error(`[bench] ${stack.name}: ${followers} followers seeded in ${Math.round(performance.now() - seededAt)} ms; posting`);
  const redis = new Redis(infra.redisUrl, { keyPrefix: infra.redisKeyPrefix });
  try {
    const response = await fetch(`${stack.url}/api/v1/statuses`, {
      method: "POST",
      headers: { authorization: `Bearer ${author.accessToken}`, "content-type": "application/json" },
      body: JSON.stringify({ status: "one post to many followers", visibility: "public" }),
    });
    if (response.status !== 200) throw new Error(`POST /api/v1/statuses answered ${response.status}: ${await response.text()}`);
    const postedAt = performance.now();
    const { id } = (await response.json()) as { id: string };
    // The author's own feed is written first: the time to it is the event's way to the timelines
    // service; the rest is the fan-out itself.
    await waitUntilEveryFeedHas(redis, [author.account.id], id);
    const reachedAuthorMs = performance.now() - postedAt;
    await waitUntilEveryFeedHas(redis, followerIds, id);
    return { fanOutFirstFeedMs: figure(reachedAuthorMs), fanOutMs: figure(performance.now() - postedAt, `${followers} followers`) };
  } finally {
    // Ten thousand feeds nobody reads again would otherwise stay in a Redis others share.
    await unlinkFeeds(redis, followerIds).finally(() => redis.disconnect());
  }
}

async function unlinkFeeds(redis: Redis, followerIds: string[]): Promise<void> {
  for (let i = 0; i < followerIds.length; i += CHECK_BATCH) await redis.unlink(...followerIds.slice(i, i + CHECK_BATCH).map(feedKey));
}

/**
 * Polls the feed of the follower fan-out reaches last (it walks followers in id order) until it holds
 * the status, then confirms every other feed does too, re-polling any that do not yet.
 */
async function waitUntilEveryFeedHas(redis: Redis, followerIds: string[], statusId: string): Promise<void> {
  // Feed members are status ids zero-padded to 20 digits (services/timelines/README.md).
  const member = statusId.padStart(20, "0");
  const deadline = Date.now() + GIVE_UP_AFTER_MS;
  let pending = followerIds.map(feedKey);
  for (;;) {
    if ((await redis.zscore(pending.at(-1)!, member)) !== null) {
      pending = await feedsWithout(redis, pending, member);
      if (pending.length === 0) return;
    }
    if (Date.now() > deadline) throw new Error(`fan-out unfinished after ${GIVE_UP_AFTER_MS} ms: ${pending.length} of ${followerIds.length} feeds lack the status`);
    await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
  }
}

async function feedsWithout(redis: Redis, keys: string[], member: string): Promise<string[]> {
  const missing: string[] = [];
  for (let i = 0; i < keys.length; i += CHECK_BATCH) {
    const batch = keys.slice(i, i + CHECK_BATCH);
    const pipeline = redis.pipeline();
    for (const key of batch) pipeline.zscore(key, member);
    const replies = (await pipeline.exec()) ?? [];
    batch.forEach((key, j) => {
      if (replies[j]?.[1] === null || replies[j]?.[1] === undefined) missing.push(key);
    });
  }
  return missing;
}
