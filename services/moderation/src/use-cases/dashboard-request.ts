import { invalidArgument } from "@starling/runtime";
import type { DashboardRequest } from "@starling/proto/moderation/v1/dashboard";
import type { DaySpan } from "../data/dashboard-counters-queries.ts";
import { domainParam, parseDay, tagParam } from "../domain/dashboard-keys.ts";

// Two leap years of days: a year's dashboard and its previous period, with room to spare.
const MAX_SPAN_DAYS = 732;

/** The request's start_at..end_at as days, refused when missing, malformed, reversed or too long. */
export function requestSpan(startAt: string | undefined, endAt: string | undefined): DaySpan {
  if (startAt === undefined) throw invalidArgument("start_at is required");
  if (endAt === undefined) throw invalidArgument("end_at is required");
  const from = parseDay(startAt);
  const to = parseDay(endAt);
  if (!from) throw invalidArgument(`start_at is not a date: ${startAt}`);
  if (!to) throw invalidArgument(`end_at is not a date: ${endAt}`);
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  if (days < 1) throw invalidArgument("end_at is before start_at");
  if (days > MAX_SPAN_DAYS) throw invalidArgument(`start_at to end_at may span at most ${MAX_SPAN_DAYS} days`);
  return { from, to };
}

/** The hashtag or domain a key was asked with, refused when it is missing. */
export function keyParam(request: DashboardRequest, key: string, param: "tag" | "domain"): string {
  const raw = (param === "tag" ? request.tags : request.domains)[key]?.trim();
  if (!raw) throw invalidArgument(`${key}[${param === "tag" ? "id" : "domain"}] is required`);
  return param === "tag" ? tagParam(raw) : domainParam(raw);
}
