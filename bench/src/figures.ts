/** Every figure the run can print; one key per table row. */
export type FigureKey =
  | "readyColdMs"
  | "readyWarmMs"
  | "idleRssColdMiB"
  | "idleRssWarmMiB"
  | "homeRequestsPerSecond"
  | "homeLatencyP50Ms"
  | "homeLatencyP99Ms"
  | "homeNon2xx"
  | "homeErrors"
  | "homeCpuMsPerRequest"
  | "rssAfterLoadMiB"
  | "filteredHomeRequestsPerSecond"
  | "filteredHomeLatencyP50Ms"
  | "filteredHomeLatencyP99Ms"
  | "filteredHomeNon2xx"
  | "filteredToUnfiltered"
  | "tagRequestsPerSecond"
  | "tagLatencyP50Ms"
  | "tagLatencyP99Ms"
  | "tagNon2xx"
  | "searchRequestsPerSecond"
  | "searchLatencyP50Ms"
  | "searchLatencyP99Ms"
  | "searchNon2xx"
  | "searchCpuMsPerRequest"
  | "bareRequestsPerSecond"
  | "bareLatencyP50Ms"
  | "bareLatencyP99Ms"
  | "ratioToBare"
  | "floorRequestsPerSecond"
  | "floorLatencyP50Ms"
  | "floorLatencyP99Ms"
  | "floorNon2xx"
  | "floorCpuMsPerRequest"
  | "floorRatioToBare"
  | "rebuildFirstReadMs"
  | "rebuildSteadyP50Ms"
  | "fanOutFirstFeedMs"
  | "fanOutMs"
  | "streamP50Ms"
  | "streamP99Ms"
  | "streamLastMs"
  | "streamRssMiB"
  | "measuresP50Ms"
  | "measuresP99Ms"
  | "dimensionsP50Ms"
  | "dimensionsP99Ms"
  | "trendsRefreshMs";

/** One measured value; `note` marks a caveat such as memory that had not settled yet. */
export interface Figure {
  value: number;
  note?: string;
}

/** The figures of one kind of stack, or why it has none. */
export interface Column {
  figures: Partial<Record<FigureKey, Figure>>;
  /** Set when the whole column was skipped or failed; printed instead of blanks. */
  missing?: string;
  /** Lines printed under the table, after the column's name (details a cell has no room for). */
  notes?: string[];
}

/** Shorthand for a figure without a caveat. */
export const figure = (value: number, note?: string): Figure => (note ? { value, note } : { value });
