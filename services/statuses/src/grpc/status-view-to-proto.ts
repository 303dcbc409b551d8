import type { FilterResult, Status as StatusMessage } from "@starling/proto/statuses/v1/statuses";
import type { Status } from "../domain/status.ts";
import type { Caller, StatusesDeps } from "../use-cases/dependencies.ts";
import { viewStatuses, type StatusView } from "../use-cases/status-views.ts";
import { statusToProto } from "./status-to-proto.ts";

/** A status view → proto: the status, its nested reblogged status and the viewer state. */
export function statusViewToProto(view: StatusView): StatusMessage {
  return {
    ...statusToProto(view.status),
    ...(view.reblog ? { reblog: statusViewToProto(view.reblog) } : {}),
    ...(view.viewer ? { viewer: view.viewer } : {}),
    filtered: filterResultsToProto(view.filtered),
  };
}

/** A view's filter matches → Status.filtered: each filter without its keywords and posts. */
export function filterResultsToProto(filtered: StatusView["filtered"]): FilterResult[] {
  return (filtered ?? []).map(({ filter, keywordMatches, statusMatches }) => ({ filter: { ...filter, keywords: [], statuses: [] }, keywordMatches, statusMatches }));
}

/**
 * Statuses as the caller sees them, encoded: reblogs with their originals, viewer fields for a
 * signed-in caller. Reblogs whose original the caller cannot see are left out.
 */
export async function statusesForViewer(deps: StatusesDeps, caller: Caller, statuses: Status[]): Promise<StatusMessage[]> {
  return (await viewStatuses(deps, caller, statuses)).map(statusViewToProto);
}

/** One status as the caller sees it; see {@link statusesForViewer}. */
export async function statusForViewer(deps: StatusesDeps, caller: Caller, status: Status): Promise<StatusMessage> {
  const [message] = await statusesForViewer(deps, caller, [status]);
  // Only a reblog whose original vanished meanwhile has no view; answer with the bare status then.
  return message ?? statusToProto(status);
}
