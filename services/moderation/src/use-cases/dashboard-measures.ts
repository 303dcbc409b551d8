import type { DashboardRequest, Measure } from "@starling/proto/moderation/v1/dashboard";
import { dailyCounts, distinctMembers, totalCount, type DaySpan } from "../data/dashboard-counters-queries.ts";
import { MEASURES, type MeasureSpec } from "../domain/dashboard-keys.ts";
import { dayStart, daysBetween, previousSpan } from "../domain/dashboard-day.ts";
import { humanSize } from "../domain/human-size.ts";
import { requireStaff } from "../domain/staff.ts";
import type { Caller, ModerationDeps } from "./deps.ts";
import { keyParam, requestSpan } from "./dashboard-request.ts";

/** POST /api/v1/admin/measures: the known keys in the order asked (unknown ones skipped, as Mastodon). */
export async function getMeasures(deps: ModerationDeps, caller: Caller, request: DashboardRequest): Promise<Measure[]> {
  requireStaff(caller, "view_dashboard");
  const span = requestSpan(request.startAt, request.endAt);
  const keys = [...new Set(request.keys)].filter((key) => Object.hasOwn(MEASURES, key));
  const asked = keys.map((key) => ({ key, spec: MEASURES[key]!, dim1: MEASURES[key]!.param ? keyParam(request, key, MEASURES[key]!.param!) : "" }));
  return Promise.all(asked.map(({ key, spec, dim1 }) => measure(deps, key, spec, dim1, span)));
}

async function measure(deps: ModerationDeps, key: string, spec: MeasureSpec, dim1: string, span: DaySpan): Promise<Measure> {
  const total = (within: DaySpan | undefined) =>
    spec.distinct && within ? distinctMembers(deps.db, spec.counter, dim1, within) : totalCount(deps.db, spec.counter, dim1, within);
  // A plain counter's range total is the sum of its days; only distinct and all-time totals need a query.
  const [daily, counted, previous] = await Promise.all([
    dailyCounts(deps.db, spec.counter, dim1, span),
    spec.allTime ? total(undefined) : spec.distinct ? total(span) : undefined,
    spec.allTime ? undefined : total(previousSpan(span)),
  ]);
  const sum = counted ?? [...daily.values()].reduce((a, b) => a + b, 0);
  return {
    key,
    unit: spec.unit,
    total: String(sum),
    humanValue: spec.unit === "bytes" ? humanSize(sum) : undefined,
    previousTotal: previous === undefined ? undefined : String(previous),
    data: daysBetween(span.from, span.to).map((day) => ({ date: dayStart(day), value: String(daily.get(day) ?? 0) })),
  };
}
