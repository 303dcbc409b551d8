import type { WeekActivity } from "@starling/proto/moderation/v1/dashboard";
import { weeklyCounts, weeklyDistinctMembers } from "../data/dashboard-weekly-queries.ts";
import { utcDay } from "../domain/dashboard-day.ts";
import type { ModerationDeps } from "./deps.ts";

const WEEKS = 12;
const WEEK_MS = 7 * 86_400_000;

/** The Monday (UTC) of an instant's week. */
function mondayOf(at: Date): Date {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  return new Date(midnight - ((at.getUTCDay() + 6) % 7) * 86_400_000);
}

/**
 * GET /api/v1/instance/activity: Mastodon's 12 weeks, newest (the current one) first: local statuses,
 * distinct users who signed in, and local sign-ups, as strings.
 */
export async function getInstanceActivity(deps: ModerationDeps): Promise<WeekActivity[]> {
  const thisWeek = mondayOf(deps.now()).getTime();
  const weeks = Array.from({ length: WEEKS }, (_, i) => new Date(thisWeek - i * WEEK_MS));
  const from = utcDay(weeks[WEEKS - 1]!);
  const [statuses, logins, registrations] = await Promise.all([
    weeklyCounts(deps.db, "statuses", from),
    weeklyDistinctMembers(deps.db, "active_users", from),
    weeklyCounts(deps.db, "new_users", from),
  ]);
  return weeks.map((week) => {
    const day = utcDay(week);
    return { week: String(week.getTime() / 1000), statuses: String(statuses.get(day) ?? 0), logins: String(logins.get(day) ?? 0), registrations: String(registrations.get(day) ?? 0) };
  });
}
