import type { GetStatusContextResponse } from "@starling/proto/statuses/v1/statuses";
import type { RouteContext } from "../http/route.ts";
import { presentStatusPage } from "./status.ts";

/**
 * Renders Mastodon's Context entity: the whole thread arrives as one page (one hydration), rendered
 * once and split back into ancestors and descendants by the ids the service listed.
 */
export function presentContext(ctx: RouteContext, thread: GetStatusContextResponse): { ancestors: unknown[]; descendants: unknown[] } {
  const byId = new Map(presentStatusPage(ctx, thread.page).map((status) => [status.id as string, status]));
  const pick = (ids: string[]) => ids.flatMap((id) => byId.get(id) ?? []);
  return { ancestors: pick(thread.ancestorIds), descendants: pick(thread.descendantIds) };
}
