import type { Notification } from "@starling/proto/timelines/v1/notifications";
import type { RouteContext } from "../http/route.ts";
import { hydrateAccounts, presentAccount } from "./account.ts";
import { presentStatusPage } from "./status.ts";
import { isoOrNull } from "./values.ts";
import { presentReports } from "./report.ts";
import { viewerHas } from "@starling/runtime";

// Mastodon 4.0's REST::NotificationSerializer shows `status` for these types only.
const WITH_STATUS = new Set(["favourite", "reblog", "status", "mention", "poll", "update"]);

/**
 * Renders notifications as Mastodon 4.0 Notification entities, in order: the accounts from one
 * GetAccounts call, the statuses from the ONE hydration call (GetStatusPage) every status list
 * uses. A notification whose account is gone or suspended, or whose status the viewer can no
 * longer see or that a `hide` filter of the notifications context matches, is left out, as Mastodon hides them.
 * `admin.report` carries its Report (one moderation call for all of them); one whose report the viewer
 * may no longer read is left out.
 */
export async function presentNotifications(ctx: RouteContext, notifications: readonly Notification[]): Promise<Record<string, unknown>[]> {
  if (notifications.length === 0) return [];
  const accountIds = [...new Set(notifications.map((n) => n.fromAccountId))];
  const statusIds = [...new Set(notifications.flatMap((n) => (n.statusId && WITH_STATUS.has(n.type) ? [n.statusId] : [])))];
  const reportIds = [...new Set(notifications.flatMap((n) => (n.type === "admin.report" && n.reportId ? [n.reportId] : [])))];
  const [{ accounts }, page, reports] = await Promise.all([
    ctx.clients.accounts.getAccounts({ ids: accountIds }, { viewerToken: ctx.viewerToken }),
    statusIds.length > 0 ? ctx.clients.statuses.getStatusPage({ ids: statusIds, filterContext: "notifications" }, { viewerToken: ctx.viewerToken }) : undefined,
    reportsById(ctx, reportIds),
  ]);
  const { moved, emojis } = await hydrateAccounts(ctx, accounts);
  // Notifications from suspended accounts are hidden (reference §1.7).
  const accountsById = new Map(accounts.filter((a) => !a.suspended).map((a) => [a.id, presentAccount(a, ctx.baseUrl, moved, emojis)]));
  const statusesById = new Map(presentStatusPage(ctx, page).map((s) => [String(s["id"]), s]));
  return notifications.flatMap((n): Record<string, unknown>[] => {
    const account = accountsById.get(n.fromAccountId);
    if (!account) return [];
    const rendered: Record<string, unknown> = { id: n.id, type: n.type, created_at: isoOrNull(n.createdAt), account };
    if (n.type === "admin.report") {
      const report = n.reportId ? reports.get(n.reportId) : undefined;
      return report ? [{ ...rendered, report }] : [];
    }
    if (!WITH_STATUS.has(n.type)) return [rendered];
    const status = n.statusId ? statusesById.get(n.statusId) : undefined;
    return status ? [{ ...rendered, status }] : [];
  });
}

/** The reports of admin.report notifications as Report entities, by id; none for a viewer who may not read them. */
async function reportsById(ctx: RouteContext, ids: string[]): Promise<Map<string, Record<string, unknown>>> {
  if (ids.length === 0 || !viewerHas(ctx.viewer, "manage_reports")) return new Map();
  const { reports } = await ctx.clients.reports.listReports({ ids }, { viewerToken: ctx.viewerToken });
  return new Map((await presentReports(ctx, reports)).map((r) => [r.id as string, r]));
}
