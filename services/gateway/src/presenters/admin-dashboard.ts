import type { Cohort, Dimension, Measure, WeekActivity } from "@starling/proto/moderation/v1/dashboard";

/** Admin::Measure: unit is null unless the measure has one; human_value and previous_total only where Mastodon sends them. */
export function presentMeasure(measure: Measure) {
  return {
    key: measure.key,
    unit: measure.unit ?? null,
    total: measure.total,
    ...(measure.humanValue === undefined ? {} : { human_value: measure.humanValue }),
    ...(measure.previousTotal === undefined ? {} : { previous_total: measure.previousTotal }),
    data: measure.data.map((point) => ({ date: point.date, value: point.value })),
  };
}

/** Admin::Dimension. */
export function presentDimension(dimension: Dimension) {
  return {
    key: dimension.key,
    data: dimension.data.map((item) => ({
      key: item.key,
      human_key: item.humanKey,
      value: item.value,
      ...(item.unit === undefined ? {} : { unit: item.unit }),
      ...(item.humanValue === undefined ? {} : { human_value: item.humanValue }),
    })),
  };
}

/** Admin::Cohort. */
export const presentCohort = (cohort: Cohort) => ({ period: cohort.period, frequency: cohort.frequency, data: cohort.data.map((p) => ({ date: p.date, rate: p.rate, value: p.value })) });

/** One week of GET /api/v1/instance/activity. */
export const presentWeekActivity = (week: WeekActivity) => ({ week: week.week, statuses: week.statuses, logins: week.logins, registrations: week.registrations });
