import type { Viewer } from "@starling/runtime";
import { standingMarks } from "../data/standings-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { viewerAccountId } from "./get-relationships.ts";

/** How the viewer stands towards one account, as the read rules of statuses need it. */
export interface Standing {
  accountId: string;
  following: boolean;
  blocking: boolean;
  blockedBy: boolean;
  muting: boolean;
  domainBlocking: boolean;
}

const FIELD_OF = { following: "following", blocking: "blocking", blocked_by: "blockedBy", muting: "muting", domain_blocking: "domainBlocking" } as const;

/** The viewer's standing towards each of `targetIds` it has any relation with, from one query. */
export async function getStandings(deps: AccountsDeps, viewer: Viewer | undefined, targetIds: readonly string[]): Promise<Standing[]> {
  const ids = [...new Set(targetIds.filter((id) => /^\d{1,19}$/.test(id)))];
  const byId = new Map<string, Standing>();
  for (const { id, mark } of await standingMarks(deps.db, viewerAccountId(viewer), ids, deps.now())) {
    const standing = byId.get(id) ?? { accountId: id, following: false, blocking: false, blockedBy: false, muting: false, domainBlocking: false };
    standing[FIELD_OF[mark]] = true;
    byId.set(id, standing);
  }
  return [...byId.values()];
}
