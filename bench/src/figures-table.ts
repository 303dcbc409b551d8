import type { Column, Figure, FigureKey } from "./figures.ts";

interface Row {
  key: FigureKey;
  label: string;
  decimals: number;
}

// The printed order; a figure missing from a column prints as "-".
const ROWS: readonly Row[] = [
  { key: "readyColdMs", label: "ready, cold start (ms)", decimals: 0 },
  { key: "readyWarmMs", label: "ready, warm restart (ms)", decimals: 0 },
  { key: "idleRssColdMiB", label: "idle RSS after cold start (MiB)", decimals: 1 },
  { key: "idleRssWarmMiB", label: "idle RSS after warm restart (MiB)", decimals: 1 },
  { key: "homeRequestsPerSecond", label: "home timeline, requests/s (mean)", decimals: 1 },
  { key: "homeLatencyP50Ms", label: "home timeline, latency p50 (ms)", decimals: 0 },
  { key: "homeLatencyP99Ms", label: "home timeline, latency p99 (ms)", decimals: 0 },
  { key: "homeNon2xx", label: "home timeline, non-2xx responses", decimals: 0 },
  { key: "homeErrors", label: "home timeline, socket errors", decimals: 0 },
  { key: "homeCpuMsPerRequest", label: "home timeline, CPU ms per request (Starling's processes)", decimals: 3 },
  { key: "rssAfterLoadMiB", label: "RSS right after the load (MiB)", decimals: 1 },
  { key: "filteredHomeRequestsPerSecond", label: "home timeline, reader with 50 filter keywords, requests/s", decimals: 1 },
  { key: "filteredHomeLatencyP50Ms", label: "home timeline, 50 filter keywords, latency p50 (ms)", decimals: 0 },
  { key: "filteredHomeLatencyP99Ms", label: "home timeline, 50 filter keywords, latency p99 (ms)", decimals: 0 },
  { key: "filteredHomeNon2xx", label: "home timeline, 50 filter keywords, non-2xx responses", decimals: 0 },
  { key: "filteredToUnfiltered", label: "50 filter keywords ÷ unfiltered (requests/s)", decimals: 3 },
  { key: "tagRequestsPerSecond", label: "hashtag timeline, requests/s (mean)", decimals: 1 },
  { key: "tagLatencyP50Ms", label: "hashtag timeline, latency p50 (ms)", decimals: 0 },
  { key: "tagLatencyP99Ms", label: "hashtag timeline, latency p99 (ms)", decimals: 0 },
  { key: "tagNon2xx", label: "hashtag timeline, non-2xx responses", decimals: 0 },
  { key: "trendsRefreshMs", label: "trend refresh over a day of 100,000 statuses (ms)", decimals: 0 },
  { key: "searchRequestsPerSecond", label: "search of a word over 100,000 statuses, requests/s", decimals: 1 },
  { key: "searchLatencyP50Ms", label: "search of a word, latency p50 (ms)", decimals: 0 },
  { key: "searchLatencyP99Ms", label: "search of a word, latency p99 (ms; target ≤ 50)", decimals: 0 },
  { key: "searchNon2xx", label: "search of a word, non-2xx responses", decimals: 0 },
  { key: "searchCpuMsPerRequest", label: "search of a word, CPU ms per request (Starling's processes)", decimals: 3 },
  { key: "bareRequestsPerSecond", label: "bare Node server, same page, requests/s", decimals: 1 },
  { key: "bareLatencyP50Ms", label: "bare Node server, latency p50 (ms)", decimals: 0 },
  { key: "bareLatencyP99Ms", label: "bare Node server, latency p99 (ms)", decimals: 0 },
  { key: "ratioToBare", label: "Starling ÷ bare (requests/s)", decimals: 4 },
  { key: "floorRequestsPerSecond", label: "floor (the shape, nothing inside), requests/s", decimals: 1 },
  { key: "floorLatencyP50Ms", label: "floor, latency p50 (ms)", decimals: 0 },
  { key: "floorLatencyP99Ms", label: "floor, latency p99 (ms)", decimals: 0 },
  { key: "floorNon2xx", label: "floor, non-2xx responses", decimals: 0 },
  { key: "floorCpuMsPerRequest", label: "floor, CPU ms per request (its 3 processes)", decimals: 3 },
  { key: "floorRatioToBare", label: "floor ÷ bare (requests/s)", decimals: 4 },
  { key: "rebuildFirstReadMs", label: "home read after feed-cache loss, first (ms)", decimals: 0 },
  { key: "rebuildSteadyP50Ms", label: "home read after feed-cache loss, then p50 (ms)", decimals: 1 },
  { key: "fanOutFirstFeedMs", label: "fan-out of one post, 200 → author's own feed (ms)", decimals: 0 },
  { key: "fanOutMs", label: "fan-out of one post, 200 → last follower feed (ms)", decimals: 0 },
  { key: "streamP50Ms", label: "streaming, post → update on a socket, p50 (ms)", decimals: 0 },
  { key: "streamP99Ms", label: "streaming, post → update on a socket, p99 (ms)", decimals: 0 },
  { key: "streamLastMs", label: "streaming, post → update on the last socket (ms)", decimals: 0 },
  { key: "streamRssMiB", label: "streaming, RSS of the process serving the sockets (MiB)", decimals: 1 },
  { key: "measuresP50Ms", label: "admin measures, a year of 14 keys, latency p50 (ms)", decimals: 0 },
  { key: "measuresP99Ms", label: "admin measures, a year of 14 keys, latency p99 (ms)", decimals: 0 },
  { key: "dimensionsP50Ms", label: "admin dimensions, a year of 6 keys, latency p50 (ms)", decimals: 0 },
  { key: "dimensionsP99Ms", label: "admin dimensions, a year of 6 keys, latency p99 (ms)", decimals: 0 },
];

const render = (figure: Figure | undefined, decimals: number): string =>
  figure === undefined ? "-" : `${figure.value.toFixed(decimals)}${figure.note ? ` (${figure.note})` : ""}`;

/** Lays the columns side by side, one row per figure, as fixed-width text; why a column is empty goes under it. */
export function formatFiguresTable(columns: Record<string, Column>): string {
  const names = Object.keys(columns);
  const cells = ROWS.map((row) => [row.label, ...names.map((name) => render(columns[name]!.figures[row.key], row.decimals))]);
  const table = [["figure", ...names], ...cells];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((line) => line[i]!.length)));
  const line = (cellsOfLine: string[]) => cellsOfLine.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");
  const reasons = names.flatMap((name) => [...(columns[name]!.missing ? [columns[name]!.missing!] : []), ...(columns[name]!.notes ?? [])].map((line) => `${name}: ${line}`));
  return [line(table[0]!), widths.map((w) => "-".repeat(w)).join("  "), ...cells.map(line), ...reasons].join("\n");
}
