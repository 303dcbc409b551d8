import type { Viewer } from "@starling/runtime";
import { listSignIns as querySignIns, type SignIn } from "../data/sign-ins-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { viewerUser } from "./viewer-user.ts";

const DEFAULT_LIMIT = 40;
const MAX_LIMIT = 100;

/** The viewer's own sign-in history, newest first. */
export async function listSignIns(deps: AccountsDeps, viewer: Viewer | undefined, limit: number): Promise<SignIn[]> {
  const user = await viewerUser(deps, viewer);
  const bounded = limit > 0 ? Math.min(limit, MAX_LIMIT) : DEFAULT_LIMIT;
  return querySignIns(deps.db, user.id, bounded);
}
