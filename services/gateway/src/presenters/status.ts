import type { Account } from "@starling/proto/accounts/v1/accounts";
import type { Status } from "@starling/proto/statuses/v1/statuses";
import type { RouteContext } from "../http/route.ts";
import { presentAccount } from "./account.ts";
import { presentMediaList } from "./media.ts";
import { isoOrNull, orNull } from "./values.ts";

/**
 * Renders statuses as Mastodon Status entities, hydrating their authors with ONE accounts call and
 * their media attachments with ONE media call for the whole list (never one per row). Statuses
 * whose author is gone are left out.
 */
export async function presentStatuses(ctx: RouteContext, statuses: Status[], options: { source?: boolean } = {}): Promise<Record<string, unknown>[]> {
  if (statuses.length === 0) return [];
  const ids = [...new Set(statuses.map((s) => s.accountId))];
  const mediaIds = [...new Set(statuses.flatMap((s) => s.mediaIds ?? []))];
  const [{ accounts }, { media }] = await Promise.all([
    ctx.clients.accounts.getAccounts({ ids }, { viewerToken: ctx.viewerToken }),
    mediaIds.length ? ctx.clients.media.getMedia({ ids: mediaIds }, { viewerToken: ctx.viewerToken }) : { media: [] },
  ]);
  const byId = new Map(accounts.map((a) => [a.id, a]));
  const mediaById = new Map(media.map((m) => [m.id, m]));
  return statuses.flatMap((status) => {
    const author = byId.get(status.accountId);
    return author ? [renderStatus(ctx, status, author, options.source ?? false, presentMediaList(status.mediaIds ?? [], mediaById))] : [];
  });
}

/** Renders one status; see {@link presentStatuses}. */
export async function presentStatus(ctx: RouteContext, status: Status, options: { source?: boolean } = {}): Promise<Record<string, unknown>> {
  const [rendered] = await presentStatuses(ctx, [status], options);
  if (!rendered) throw new Error(`author ${status.accountId} of status ${status.id} is missing`);
  return rendered;
}

/**
 * Renders one status with its author and rendered attachments already at hand: `source` gives the
 * typed text instead of HTML (delete-and-redraft). Viewer-relative fields appear only for a
 * signed-in viewer.
 */
export function renderStatus(
  ctx: Pick<RouteContext, "viewer" | "baseUrl">,
  status: Status,
  author: Account,
  source: boolean,
  mediaAttachments: Record<string, unknown>[] = [],
): Record<string, unknown> {
  const viewer = ctx.viewer?.accountId;
  const isAuthor = viewer === status.accountId;
  return {
    id: status.id,
    created_at: isoOrNull(status.createdAt),
    in_reply_to_id: orNull(status.inReplyToId),
    in_reply_to_account_id: orNull(status.inReplyToAccountId),
    sensitive: status.sensitive,
    spoiler_text: status.spoilerText,
    visibility: status.visibility,
    language: orNull(status.language),
    uri: status.uri,
    url: orNull(status.url),
    replies_count: Number(status.repliesCount),
    reblogs_count: Number(status.reblogsCount),
    favourites_count: Number(status.favouritesCount),
    edited_at: isoOrNull(status.editedAt),
    ...(viewer ? { favourited: false, reblogged: false, muted: false, bookmarked: false, filtered: [] } : {}),
    ...(isAuthor && status.visibility !== "direct" ? { pinned: false } : {}),
    ...(source ? { text: status.text } : { content: status.content }),
    reblog: null,
    application: status.application?.name ? { name: status.application.name, website: orNull(status.application.website) } : null,
    account: presentAccount(author, ctx.baseUrl),
    media_attachments: mediaAttachments,
    mentions: [],
    tags: [],
    emojis: [],
    card: null,
    poll: null,
  };
}
