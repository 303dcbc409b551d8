import type { Report } from "@starling/proto/moderation/v1/reports";
import type { Clients } from "../clients/gateway-clients.ts";
import type { RouteContext } from "../http/route.ts";
import { presentAdminAccountById } from "./admin-account.ts";
import { presentAdminReports } from "./report.ts";
import { presentStatusPage } from "./status.ts";

/** What rendering a webhook's object needs: the clients those presenters call, and a staff viewer token. */
export interface WebhookObjectContext {
  clients: Pick<Clients, "accounts" | "adminAccounts" | "statuses" | "customEmojis" | "rules">;
  baseUrl: string;
  viewerToken: string;
}

// The admin and status presenters call only the clients above, so the worker's narrower context
// serves them; there is no viewer (webhooks see what staff see, without viewer-dependent flags).
const routeContext = (ctx: WebhookObjectContext) => ({ ...ctx, viewer: undefined, headers: {} }) as unknown as RouteContext;

/**
 * The `object` of an admin webhook's payload, rendered by the same presenters as the API:
 * Admin::Account, Admin::Report, or a Status (through the one hydration call); undefined when the
 * status is gone.
 */
export async function renderWebhookObject(ctx: WebhookObjectContext, object: { account: string } | { report: Report } | { status: string }): Promise<Record<string, unknown> | undefined> {
  const route = routeContext(ctx);
  if ("account" in object) return presentAdminAccountById(route, object.account);
  if ("report" in object) return (await presentAdminReports(route, [object.report]))[0];
  const page = await ctx.clients.statuses.getStatusPage({ ids: [object.status] }, { viewerToken: ctx.viewerToken });
  return presentStatusPage(route, page)[0];
}
