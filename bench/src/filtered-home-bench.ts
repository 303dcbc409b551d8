import type { Stack } from "@starling/e2e";
import { waitFor } from "@starling/testkit";
import type { BenchConfig } from "./config.ts";
import { figure, type Column } from "./figures.ts";
import { HOME_PATH, loadPage } from "./home-timeline-load.ts";
import { HOME_PAGE_SIZE } from "./seed-home-timeline.ts";

/** Filter keywords the reader gets: the figure is for 50. */
export const FILTER_KEYWORDS = 50;
const FILTERS = 5;

/**
 * Gives the seeded reader {@link FILTER_KEYWORDS} keywords in {@link FILTERS} home filters (warn,
 * half of them whole-word), one of which matches one status of the measured page, so every status
 * is matched against every keyword and one is marked; waits until the page shows that mark (the
 * filters reach the statuses service as an event), then loads the same page as the unfiltered
 * figure did. The ratio is filtered ÷ unfiltered requests/s (the target: at least 0.8).
 */
export async function benchFilteredHome(stack: Stack, accessToken: string, config: BenchConfig, unfiltered: number | undefined): Promise<Column["figures"]> {
  const headers = { authorization: `Bearer ${accessToken}`, "content-type": "application/json" };
  const page = (await (await fetch(`${stack.url}${HOME_PATH}`, { headers })).json()) as { id: string; content: string; filtered: unknown[] }[];
  // The seeded texts are "bench status N of 40 (suffix)": this keyword names exactly one of the page.
  const target = page[Math.floor(HOME_PAGE_SIZE / 2)]!;
  const matching = /bench status \d+ of/.exec(target.content)![0];
  const keywords = Array.from({ length: FILTER_KEYWORDS }, (_, i) => (i === 0 ? matching : `unseen${i} keyword`));
  for (let f = 0; f < FILTERS; f++) {
    const mine = keywords.slice(f * (FILTER_KEYWORDS / FILTERS), (f + 1) * (FILTER_KEYWORDS / FILTERS));
    const body = { title: `bench ${f}`, context: ["home"], filter_action: "warn", keywords_attributes: mine.map((keyword, i) => ({ keyword, whole_word: i % 2 === 0 })) };
    const response = await fetch(`${stack.url}/api/v2/filters`, { method: "POST", headers, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`creating a bench filter answered ${response.status}: ${await response.text()}`);
  }
  await waitFor(
    async () => {
      const now = (await (await fetch(`${stack.url}${HOME_PATH}`, { headers })).json()) as { id: string; filtered: unknown[] }[];
      return now.find((s) => s.id === target.id)?.filtered.length === 1;
    },
    { timeoutMs: 60_000, intervalMs: 250, what: "the reader's filters applied to the home page" },
  );
  const load = await loadPage(`${stack.url}${HOME_PATH}`, { authorization: headers.authorization }, config);
  return {
    filteredHomeRequestsPerSecond: load.requestsPerSecond,
    filteredHomeLatencyP50Ms: load.latencyP50Ms,
    filteredHomeLatencyP99Ms: load.latencyP99Ms,
    filteredHomeNon2xx: load.non2xx,
    ...(unfiltered ? { filteredToUnfiltered: figure(load.requestsPerSecond.value / unfiltered) } : {}),
  };
}
