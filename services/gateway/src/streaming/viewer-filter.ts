/**
 * Mastodon's filtering of public and hashtag streams: a signed-in viewer gets no status whose
 * author or mentioned accounts it blocks, mutes or whose domain it blocks, or whose author blocks
 * it. The hydration call has already applied visibility; this adds what timelines do for lists.
 */
import type { RouteContext } from "../http/route.ts";

/** The accounts a rendered status involves: its author, its mentions, and a reblog's. */
export function involvedAccounts(status: Record<string, unknown>): string[] {
  const account = status.account as { id: string } | undefined;
  const mentions = (status.mentions as { id: string }[] | undefined) ?? [];
  const reblog = status.reblog as Record<string, unknown> | null | undefined;
  return [...(account ? [account.id] : []), ...mentions.map((m) => m.id), ...(reblog ? involvedAccounts(reblog) : [])];
}

/** The accounts among `accountIds` the viewer must not see statuses of, in one accounts call. */
export async function hiddenAuthors(ctx: RouteContext, accountIds: string[]): Promise<Set<string>> {
  const others = [...new Set(accountIds)].filter((id) => id !== ctx.viewer?.accountId);
  if (others.length === 0) return new Set();
  const { standings } = await ctx.clients.accounts.getStandings({ accountIds: others }, { viewerToken: ctx.viewerToken });
  return new Set(standings.filter((s) => s.blocking || s.blockedBy || s.muting || s.domainBlocking).map((s) => s.accountId));
}
