import { invalidArgument, notFound } from "@starling/runtime";
import { listPublishers, reviewTargetExists, saveReview } from "../data/review-queries.ts";
import { requireTaxonomyStaff } from "../domain/staff.ts";
import { REVIEW_KINDS, type ReviewKind } from "../domain/trend-rules.ts";
import type { Caller, TrendsDeps } from "./deps.ts";

/** Approves or rejects a tag, link, post, author or publisher (manage_taxonomies); the decision applies from the next listing. */
export async function reviewTrend(deps: TrendsDeps, caller: Caller, input: { kind: string; id: string; approve: boolean }): Promise<{ trendable: boolean }> {
  requireTaxonomyStaff(caller);
  if (!REVIEW_KINDS.includes(input.kind as ReviewKind)) throw invalidArgument(`kind must be one of ${REVIEW_KINDS.join(", ")}`);
  const kind = input.kind as ReviewKind;
  const id = kind === "publisher" ? input.id.trim().toLowerCase() : input.id;
  if (!id || !(await reviewTargetExists(deps.db, kind, id))) throw notFound();
  await saveReview(deps.db, kind, id, input.approve, deps.now());
  return { trendable: input.approve };
}

/** The publishers (domains) of scored links with their review (manage_taxonomies). */
export async function linkPublishers(deps: TrendsDeps, caller: Caller): Promise<{ domain: string; trendable: boolean | null }[]> {
  requireTaxonomyStaff(caller);
  return listPublishers(deps.db);
}
