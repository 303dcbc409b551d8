import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import pg from "pg";
import { newSession, type Stack } from "@starling/e2e";
import { waitFor } from "@starling/testkit";
import type { BenchConfig } from "./config.ts";
import { figure, type Column } from "./figures.ts";
import { loadPageMeasuringCpu } from "./home-timeline-load.ts";

/** Public statuses in the search read model while the word is searched. */
export const SEARCH_CORPUS = 100_000;
// One in this many seeded statuses has the searched word: a common word, thousands of matches.
const WORD_EVERY = 10;
// Real posts with the word, newer than every seeded one, so each page is hydrated in full.
const REAL_POSTS = 20;

/**
 * Writes SEARCH_CORPUS open public statuses straight into the trends service's search read model
 * (the rows the status events would leave there), in one statement, with ids below any real one so
 * they never collide. Their words come from a vocabulary of 5,000; every WORD_EVERY-th has `word`.
 */
async function seedSearchCorpus(databaseUrl: string, word: string): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(
    `insert into trends.search_statuses (id, account_id, visibility, open, language, has_media, has_poll, has_link, is_reply, sensitive, created_at, document)
     select g, 1, 'public', true, 'en', false, false, false, false, false, now() - g * interval '1 second',
            to_tsvector('english', t.text) || to_tsvector('simple', t.text)
     from generate_series(1, $1::int) g,
          lateral (select concat_ws(' ', 'seeded post', 'w' || (g::bigint * 7919 % 5000), 'w' || (g::bigint * 104729 % 5000), 'and more words', case when g % $2::int = 0 then $3 end) as text) t`,
    [SEARCH_CORPUS, WORD_EVERY, word],
  );
  await client.query("analyze trends.search_statuses");
  return async () => {
    await client.query("delete from trends.search_statuses where id <= $1", [SEARCH_CORPUS]);
    await client.end();
  };
}

/**
 * Full-text search of one word over SEARCH_CORPUS public statuses: `GET /api/v2/search?type=statuses`
 * loaded with the reader's token, each answer a page of 20 statuses hydrated through GetStatusPage.
 * Needs a stack that exposes its database (the corpus is seeded into it).
 */
export async function benchSearch(stack: Stack, readerToken: string, config: BenchConfig, notes: string[]): Promise<Column["figures"]> {
  if (!stack.databaseUrl) throw new Error(`the ${stack.name} stack does not expose its database`);
  const word = `wombat${randomBytes(3).toString("hex")}`;
  const author = await newSession(stack, "searched", randomBytes(3).toString("hex"));
  const headers = { authorization: `Bearer ${readerToken}` };
  await fetch(`${stack.url}/api/v1/accounts/update_credentials`, { method: "PATCH", headers: { authorization: `Bearer ${author.accessToken}`, "content-type": "application/json" }, body: JSON.stringify({ indexable: true }) });
  const seededAt = performance.now();
  const unseed = await seedSearchCorpus(stack.databaseUrl, word);
  console.error(`[bench] ${stack.name}: ${SEARCH_CORPUS} statuses seeded into the search read model in ${Math.round(performance.now() - seededAt)} ms`);
  try {
    for (let i = 1; i <= REAL_POSTS; i++) await author.client.v1.statuses.create({ status: `searchable bench post ${i} with ${word}`, visibility: "public" });
    const path = `/api/v2/search?${new URLSearchParams({ q: word, type: "statuses", limit: "20" })}`;
    await waitFor(async () => ((await (await fetch(`${stack.url}${path}`, { headers })).json()) as { statuses: unknown[] }).statuses.length >= REAL_POSTS, {
      timeoutMs: 120_000,
      intervalMs: 250,
      what: `${REAL_POSTS} statuses found by "${word}"`,
    });
    const load = await loadPageMeasuringCpu(`${stack.url}${path}`, headers, config, stack.processIds?.() ?? new Map(), "search");
    if (load.cpuNote) notes.push(load.cpuNote);
    // A shared machine's load moves latencies (not CPU per request): printed beside them.
    notes.push(`search, load average after the run: ${loadavg().map((l) => l.toFixed(2)).join(" ")}`);
    const note = `${SEARCH_CORPUS / WORD_EVERY} of ${SEARCH_CORPUS} match`;
    return {
      ...(load.cpuMsPerRequest ? { searchCpuMsPerRequest: load.cpuMsPerRequest } : {}),
      searchRequestsPerSecond: load.requestsPerSecond,
      searchLatencyP50Ms: load.latencyP50Ms,
      searchLatencyP99Ms: figure(load.latencyP99Ms.value, note),
      searchNon2xx: load.non2xx,
    };
  } finally {
    await unseed();
  }
}
