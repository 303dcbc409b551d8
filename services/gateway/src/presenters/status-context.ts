import type { GetStatusContextResponse } from "@starling/proto/statuses/v1/statuses";
import type { RouteContext } from "../http/route.ts";
import { presentStatuses } from "./status.ts";

/**
 * Renders Mastodon's Context entity: the whole thread is hydrated in one pass (one call per kind
 * of data, not two), then split back into ancestors and descendants.
 */
export async function presentContext(ctx: RouteContext, thread: GetStatusContextResponse): Promise<{ ancestors: unknown[]; descendants: unknown[] }> {
  const rendered = await presentStatuses(ctx, [...thread.ancestors, ...thread.descendants]);
  const byId = new Map(rendered.map((status) => [status.id, status]));
  const pick = (list: { id: string }[]) => list.flatMap((s) => byId.get(s.id) ?? []);
  return { ancestors: pick(thread.ancestors), descendants: pick(thread.descendants) };
}
