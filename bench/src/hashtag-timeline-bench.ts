import { randomBytes } from "node:crypto";
import { signIn, type Stack } from "@starling/e2e";
import { waitFor } from "@starling/testkit";
import type { BenchConfig } from "./config.ts";
import type { Column } from "./figures.ts";
import { loadPage } from "./home-timeline-load.ts";
import { AUTHOR_POSTS, HOME_PAGE_SIZE } from "./seed-home-timeline.ts";

/**
 * A hashtag timeline read as the home reader reads its home: an author nobody follows posts
 * {@link AUTHOR_POSTS} public statuses with one hashtag of its own, and once a page of them is on
 * the tag's timeline, `GET /api/v1/timelines/tag/:tag?limit=20` is loaded with the reader's token,
 * so the page is rendered for a viewer (its marks and filters) as home pages are.
 */
export async function benchHashtagTimeline(stack: Stack, readerToken: string, config: BenchConfig): Promise<Column["figures"]> {
  const suffix = randomBytes(3).toString("hex");
  const email = `tagger_${suffix}@example.com`;
  const author = await signIn(stack.url, email, await stack.createAccount(`tagger_${suffix}`, email));
  const tag = `bench${suffix}`;
  for (let i = 1; i <= AUTHOR_POSTS; i++) {
    await author.client.v1.statuses.create({ status: `tagged bench status ${i} of ${AUTHOR_POSTS} #${tag}`, visibility: "public" });
  }
  const path = `/api/v1/timelines/tag/${tag}?limit=${HOME_PAGE_SIZE}`;
  const headers = { authorization: `Bearer ${readerToken}` };
  await waitFor(async () => ((await (await fetch(`${stack.url}${path}`, { headers })).json()) as unknown[]).length >= HOME_PAGE_SIZE, {
    timeoutMs: 120_000,
    intervalMs: 250,
    what: `${HOME_PAGE_SIZE} statuses on #${tag}`,
  });
  const load = await loadPage(`${stack.url}${path}`, headers, config);
  return { tagRequestsPerSecond: load.requestsPerSecond, tagLatencyP50Ms: load.latencyP50Ms, tagLatencyP99Ms: load.latencyP99Ms, tagNon2xx: load.non2xx };
}
