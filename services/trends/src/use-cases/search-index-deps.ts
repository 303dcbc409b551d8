import type { TrendsConfig } from "../config.ts";
import type { TrendsDeps } from "./deps.ts";

/** What keeping and reading the search read models needs beyond the service's common deps. */
export interface SearchIndexDeps extends TrendsDeps {
  /** Signs the author as viewer when reading a status to index it. */
  viewerSecret: string;
  /** This server's domain: `from:user@it` names a local account. */
  localDomain: string;
}

export const searchDeps = (deps: TrendsDeps, config: TrendsConfig): SearchIndexDeps => ({ ...deps, viewerSecret: config.VIEWER_TOKEN_SECRET, localDomain: config.LOCAL_DOMAIN });
