import type { Status } from "@starling/proto/statuses/v1/statuses";
import type { RouteContext } from "../http/route.ts";

type Present = (ctx: RouteContext, statuses: Status[], options: { source?: boolean }) => Promise<Record<string, unknown>[]>;

/**
 * Renders a list holding reblogs: the reblogs and their originals go through `present` together as
 * one flat list, so every kind of entity is still hydrated with one call for the whole list; each
 * reblog then gets its rendered original as `reblog`. A reblog whose original could not be
 * rendered is left out.
 */
export async function presentWithReblogs(ctx: RouteContext, statuses: Status[], options: { source?: boolean }, present: Present): Promise<Record<string, unknown>[]> {
  const flat = [...statuses.map((s) => (s.reblog ? { ...s, reblog: undefined } : s)), ...statuses.flatMap((s) => (s.reblog ? [s.reblog] : []))];
  const rendered = new Map((await present(ctx, flat, options)).map((r) => [r.id as string, r]));
  return statuses.flatMap((status) => {
    const own = rendered.get(status.id);
    if (!own) return [];
    if (!status.reblog) return [own];
    const original = rendered.get(status.reblog.id);
    return original ? [{ ...own, reblog: original }] : [];
  });
}

/** Mastodon's viewer fields of a status for a signed-in viewer, from the service's viewer state. */
export function viewerFields(status: Status): Record<string, boolean> {
  const state = status.viewer;
  return { favourited: state?.favourited ?? false, reblogged: state?.reblogged ?? false, muted: state?.muted ?? false, bookmarked: state?.bookmarked ?? false };
}

/** `pinned` appears for the author's own statuses that can be pinned: not reblogs, not direct. */
export function pinnedField(status: Status, viewerAccountId: string | undefined): { pinned?: boolean } {
  if (viewerAccountId !== status.accountId || status.reblogOfId || status.visibility === "direct") return {};
  return { pinned: status.viewer?.pinned ?? false };
}
