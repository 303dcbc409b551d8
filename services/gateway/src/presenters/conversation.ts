import type { Conversation } from "@starling/proto/timelines/v1/conversations";
import type { RouteContext } from "../http/route.ts";
import { presentAccounts } from "./account.ts";
import { presentStatusPage } from "./status.ts";

/**
 * Renders conversations as Mastodon 4.0 Conversation entities, in order: every participant from
 * one GetAccounts call (the account itself when it wrote to nobody else, as Mastodon's
 * participant_accounts), every last status from the ONE hydration call (GetStatusPage) all status
 * lists use; `last_status` is null when the viewer can no longer see it.
 */
export async function presentConversations(ctx: RouteContext, conversations: readonly Conversation[]): Promise<Record<string, unknown>[]> {
  if (conversations.length === 0) return [];
  const participantsOf = (c: Conversation) => (c.participantAccountIds.length > 0 ? c.participantAccountIds : [c.accountId]);
  const accountIds = [...new Set(conversations.flatMap(participantsOf))];
  const statusIds = [...new Set(conversations.map((c) => c.lastStatusId))];
  const [{ accounts }, page] = await Promise.all([
    ctx.clients.accounts.getAccounts({ ids: accountIds }, { viewerToken: ctx.viewerToken }),
    ctx.clients.statuses.getStatusPage({ ids: statusIds }, { viewerToken: ctx.viewerToken }),
  ]);
  const rendered = await presentAccounts(ctx, accounts);
  const accountsById = new Map(rendered.map((a) => [String(a["id"]), a]));
  const statusesById = new Map(presentStatusPage(ctx, page).map((s) => [String(s["id"]), s]));
  return conversations.map((c) => ({
    id: c.id,
    unread: c.unread,
    accounts: participantsOf(c).flatMap((id) => accountsById.get(id) ?? []),
    last_status: statusesById.get(c.lastStatusId) ?? null,
  }));
}
