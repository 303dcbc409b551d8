import { renderWebhookObject, type WebhookObjectContext } from "@starling/gateway/webhook-object";
import type { Report } from "@starling/proto/moderation/v1/reports";
import { OPERATOR_ROLE, signViewer } from "@starling/runtime";
import type { ModerationClients } from "../clients/moderation-clients.ts";
import type { ModerationDeps } from "../use-cases/deps.ts";
import { getRules } from "../use-cases/manage-rules.ts";
import { ruleToProto } from "../grpc/rules-handlers.ts";

/** Renders the `object` of a webhook payload: Admin::Account, Admin::Report, Status. */
export interface WebhookObjects {
  account(id: string): Promise<Record<string, unknown> | undefined>;
  report(report: Report): Promise<Record<string, unknown> | undefined>;
  /** A status, read as its author (who sees it whatever its visibility). */
  status(id: string, authorId: string): Promise<Record<string, unknown> | undefined>;
}

/**
 * The renderer the webhook worker uses: the gateway's presenters over moderation's own clients, as a
 * viewer holding every permission (the server's own, as the command line signs; webhooks are staff's: they see Admin::Account's e-mail and IP). Rules come from this
 * service's own table rather than a call to itself.
 */
export function webhookObjects(deps: ModerationDeps, clients: ModerationClients, options: { baseUrl: string; viewerSecret: string }): WebhookObjects {
  const rules = { listRules: async (request: { ids: string[] }) => ({ rules: (await getRules(deps, request.ids)).map(ruleToProto) }) } as unknown as WebhookObjectContext["clients"]["rules"];
  const context = async (accountId?: string): Promise<WebhookObjectContext> => ({
    clients: { ...clients, rules },
    baseUrl: options.baseUrl,
    // Signed per object: a viewer token lives 60 s.
    viewerToken: await signViewer(options.viewerSecret, { ...(accountId ? { accountId } : {}), role: OPERATOR_ROLE, scopes: ["admin:read"] }),
  });
  return {
    account: async (id) => renderWebhookObject(await context(), { account: id }),
    report: async (report) => renderWebhookObject(await context(), { report }),
    // Statuses are read as their author, so private and direct ones are rendered too, as Mastodon sends them.
    status: async (id, authorId) => renderWebhookObject(await context(authorId), { status: id }),
  };
}
