import { countUsers } from "../data/users-queries.ts";
import type { AccountsDeps } from "./deps.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** User counts for the instance description and NodeInfo; activity is the last sign-in. */
export async function getUsageStats(deps: AccountsDeps): Promise<{ usersTotal: number; usersActiveMonth: number; usersActiveHalfyear: number }> {
  const now = deps.now().getTime();
  const counts = await countUsers(deps.db, { month: new Date(now - 30 * DAY_MS), halfYear: new Date(now - 180 * DAY_MS) });
  return { usersTotal: counts.total, usersActiveMonth: counts.month, usersActiveHalfyear: counts.halfYear };
}
