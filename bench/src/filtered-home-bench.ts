import type { Stack } from "@starling/e2e";
import { waitFor } from "@starling/testkit";
import type { BenchConfig } from "./config.ts";
import { figure, type Column } from "./figures.ts";
import { HOME_PATH, loadPage, type PageLoad } from "./home-timeline-load.ts";
import { HOME_PAGE_SIZE, seedHomeTimeline } from "./seed-home-timeline.ts";

/** Filter keywords the filtered reader gets: the figure is for 50. */
export const FILTER_KEYWORDS = 50;
const FILTERS = 5;
/** Loads of each reader, taken in turn, so that the ratio compares runs taken under the same load of a shared machine. */
const ROUNDS = 3;

/**
 * A second reader, seeded as the first, gets {@link FILTER_KEYWORDS} keywords in {@link FILTERS}
 * home filters (warn, every other one whole-word), one of which matches one status of its page, so
 * every status is matched against every keyword and one is marked. Once the page shows that mark
 * (the filters reach the statuses service as an event), the filtered reader and `plainToken`'s
 * unfiltered one are loaded in turn, {@link ROUNDS} times each for a third of BENCH_DURATION. The
 * ratio is filtered ÷ unfiltered requests/s over those runs (the issue's target: at least 0.8).
 */
export async function benchFilteredHome(stack: Stack, plainToken: string, config: BenchConfig): Promise<Column["figures"]> {
  const filteredToken = await seedHomeTimeline(stack);
  const headers = { authorization: `Bearer ${filteredToken}`, "content-type": "application/json" };
  const target = await giveFilters(stack, headers);
  await waitFor(
    async () => {
      const now = (await (await fetch(`${stack.url}${HOME_PATH}`, { headers })).json()) as { id: string; filtered: unknown[] }[];
      return now.find((s) => s.id === target)?.filtered.length === 1;
    },
    { timeoutMs: 60_000, intervalMs: 250, what: "the reader's filters applied to the home page" },
  );
  const turn = { ...config, durationSeconds: Math.max(1, Math.round(config.durationSeconds / ROUNDS)) };
  const plain: PageLoad[] = [];
  const filtered: PageLoad[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    plain.push(await loadPage(`${stack.url}${HOME_PATH}`, { authorization: `Bearer ${plainToken}` }, turn));
    filtered.push(await loadPage(`${stack.url}${HOME_PATH}`, { authorization: headers.authorization }, turn));
  }
  const mean = (loads: PageLoad[], pick: (load: PageLoad) => number) => loads.reduce((sum, load) => sum + pick(load), 0) / loads.length;
  const rate = (loads: PageLoad[]) => mean(loads, (l) => l.requestsPerSecond.value);
  return {
    filteredHomeRequestsPerSecond: figure(rate(filtered), `unfiltered beside it ${rate(plain).toFixed(1)}`),
    filteredHomeLatencyP50Ms: figure(mean(filtered, (l) => l.latencyP50Ms.value)),
    filteredHomeLatencyP99Ms: figure(mean(filtered, (l) => l.latencyP99Ms.value)),
    filteredHomeNon2xx: figure(filtered.reduce((sum, l) => sum + l.non2xx.value, 0)),
    filteredToUnfiltered: figure(rate(filtered) / rate(plain)),
  };
}

/** Creates the filters; resolves the id of the one status of the page a keyword matches. */
async function giveFilters(stack: Stack, headers: Record<string, string>): Promise<string> {
  const page = (await (await fetch(`${stack.url}${HOME_PATH}`, { headers })).json()) as { id: string; content: string }[];
  // The seeded texts are "bench status N of 40 (suffix)": this keyword names exactly one of the page.
  const target = page[Math.floor(HOME_PAGE_SIZE / 2)]!;
  const matching = /bench status \d+ of/.exec(target.content)![0];
  const keywords = Array.from({ length: FILTER_KEYWORDS }, (_, i) => (i === 0 ? matching : `unseen${i} keyword`));
  const perFilter = FILTER_KEYWORDS / FILTERS;
  for (let f = 0; f < FILTERS; f++) {
    const mine = keywords.slice(f * perFilter, (f + 1) * perFilter);
    const body = { title: `bench ${f}`, context: ["home"], filter_action: "warn", keywords_attributes: mine.map((keyword, i) => ({ keyword, whole_word: i % 2 === 0 })) };
    const response = await fetch(`${stack.url}/api/v2/filters`, { method: "POST", headers, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`creating a bench filter answered ${response.status}: ${await response.text()}`);
  }
  return target.id;
}
