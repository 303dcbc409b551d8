import type { Cohort } from "@starling/proto/moderation/v1/dashboard";
import { invalidArgument } from "@starling/runtime";
import { retentionRows } from "../data/dashboard-accounts-queries.ts";
import { dayStart } from "../domain/dashboard-day.ts";
import { requireStaff } from "../domain/staff.ts";
import type { Caller, ModerationDeps } from "./deps.ts";
import { requestSpan } from "./dashboard-request.ts";

/**
 * POST /api/v1/admin/retention: local users grouped by the day or month they signed up, and for each
 * period from then to end_at how many of them (value) and what share (rate) signed in during it.
 */
export async function getRetention(deps: ModerationDeps, caller: Caller, request: { startAt?: string | undefined; endAt?: string | undefined; frequency?: string | undefined }): Promise<Cohort[]> {
  requireStaff(caller, "view_dashboard");
  const span = requestSpan(request.startAt, request.endAt);
  const frequency = request.frequency ?? "day";
  if (frequency !== "day" && frequency !== "month") throw invalidArgument("frequency must be day or month");
  const rows = await retentionRows(deps.db, frequency, span.from, span.to);
  const cohorts = new Map<string, Cohort>();
  for (const row of rows) {
    const cohort = cohorts.get(row.cohort) ?? { period: dayStart(row.cohort), frequency, data: [] };
    cohort.data.push({ date: dayStart(row.period), rate: row.size === 0 ? 0 : row.retained / row.size, value: String(row.retained) });
    cohorts.set(row.cohort, cohort);
  }
  return [...cohorts.values()];
}
