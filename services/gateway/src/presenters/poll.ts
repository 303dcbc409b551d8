import type { Poll } from "@starling/proto/statuses/v1/polls";
import type { Status } from "@starling/proto/statuses/v1/statuses";
import type { RouteContext } from "../http/route.ts";
import { isoOrNull } from "./values.ts";

/**
 * Renders a Mastodon Poll. Option totals hidden by hide_totals arrive absent and become null;
 * `voted` and `own_votes` appear only for a signed-in viewer, as Mastodon's serializer does.
 */
export function presentPoll(ctx: Pick<RouteContext, "viewer">, poll: Poll): Record<string, unknown> {
  return {
    id: poll.id,
    expires_at: isoOrNull(poll.expiresAt),
    expired: poll.expired,
    multiple: poll.multiple,
    votes_count: poll.votesCount,
    voters_count: poll.votersCount,
    options: poll.options.map((o) => ({ title: o.title, votes_count: o.votesCount ?? null })),
    // Custom emojis of option titles are not picked out yet.
    emojis: [],
    ...(ctx.viewer?.accountId ? { voted: poll.voted, own_votes: poll.ownVotes } : {}),
  };
}

/**
 * The rendered polls of these statuses by poll id, with the viewer's votes: ONE PollsService call
 * for the whole list, none when no status has a poll.
 */
export async function loadPolls(ctx: RouteContext, statuses: Status[]): Promise<Map<string, Record<string, unknown>>> {
  const ids = [...new Set(statuses.flatMap((s) => (s.pollId ? [s.pollId] : [])))];
  if (ids.length === 0) return new Map();
  const { polls } = await ctx.clients.polls.getPolls({ ids }, { viewerToken: ctx.viewerToken });
  return new Map(polls.map((p) => [p.id, presentPoll(ctx, p)]));
}
