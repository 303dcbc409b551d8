import type { Account } from "@starling/proto/accounts/v1/accounts";
import type { Status } from "@starling/proto/statuses/v1/statuses";
import type { RouteContext } from "../http/route.ts";
import { presentAccount } from "./account.ts";
import { accountEmojiRefs, type AccountEmojiMap } from "./account-emojis.ts";
import { loadCustomEmojis, presentEmojisOf } from "./custom-emoji.ts";
import { presentMediaList } from "./media.ts";
import { pinnedField, presentWithReblogs, viewerFields } from "./reblog.ts";
import { loadPolls } from "./poll.ts";
import { loadPreviewCards } from "./preview-card.ts";
import { isoOrNull, orNull } from "./values.ts";

/**
 * Renders statuses as Mastodon Status entities, hydrating their authors and mentioned accounts
 * with ONE accounts call, their media attachments with ONE media call and their custom emojis with
 * ONE statuses call (and their polls with one more, their preview cards with one media call) for the whole list (never one per row). Statuses whose author is gone are left out.
 */
export async function presentStatuses(ctx: RouteContext, statuses: Status[], options: { source?: boolean } = {}): Promise<Record<string, unknown>[]> {
  if (statuses.length === 0) return [];
  if (statuses.some((s) => s.reblog)) return presentWithReblogs(ctx, statuses, options, presentStatuses);
  const ids = [...new Set(statuses.flatMap((s) => [s.accountId, ...(s.mentionedAccountIds ?? [])]))];
  const mediaIds = [...new Set(statuses.flatMap((s) => s.mediaIds ?? []))];
  const [{ accounts }, { media }, polls, cards] = await Promise.all([
    ctx.clients.accounts.getAccounts({ ids }, { viewerToken: ctx.viewerToken }),
    mediaIds.length ? ctx.clients.media.getMedia({ ids: mediaIds }, { viewerToken: ctx.viewerToken }) : { media: [] },
    loadPolls(ctx, statuses),
    loadPreviewCards(ctx, statuses),
  ]);
  const byId = new Map(accounts.map((a) => [a.id, a]));
  const mediaById = new Map(media.map((m) => [m.id, m]));
  // The statuses' emojis are their authors' servers' (a remote status never shows a local emoji),
  // so they are looked up once the authors are known, with the authors' profile emojis: one call.
  const authors = new Set(statuses.flatMap((s) => byId.get(s.accountId) ?? []));
  const statusEmojiRefs = statuses.flatMap((s) => {
    const author = byId.get(s.accountId);
    return author ? (s.emojiShortcodes ?? []).map((shortcode) => ({ shortcode, domain: author.domain })) : [];
  });
  const emojis = await loadCustomEmojis(ctx, [...statusEmojiRefs, ...accountEmojiRefs(authors)]);
  return statuses.flatMap((status) => {
    const author = byId.get(status.accountId);
    if (!author) return [];
    const entities = { accountEmojis: emojis, mentions: mentionsOf(ctx, status, byId), emojis: presentEmojisOf(status.emojiShortcodes ?? [], author.domain, emojis), poll: polls.get(status.pollId) ?? null, card: cards.get(status.cardId) ?? null };
    return [renderStatus(ctx, status, author, options.source ?? false, presentMediaList(status.mediaIds ?? [], mediaById), entities)];
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
  entities: RenderedEntities = { mentions: [], emojis: [] },
): Record<string, unknown> {
  const viewer = ctx.viewer?.accountId;
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
    ...(viewer ? { ...viewerFields(status), filtered: [] } : {}),
    ...pinnedField(status, viewer),
    ...(source ? { text: status.text } : { content: status.content }),
    reblog: null,
    application: status.application?.name ? { name: status.application.name, website: orNull(status.application.website) } : null,
    account: presentAccount(author, ctx.baseUrl, undefined, entities.accountEmojis),
    media_attachments: mediaAttachments,
    mentions: entities.mentions,
    tags: (status.tags ?? []).map((name) => ({ name, url: `${ctx.baseUrl}/tags/${encodeURIComponent(name)}` })),
    emojis: entities.emojis,
    card: entities.card ?? null,
    poll: entities.poll ?? null,
  };
}

/** The parts of a Status that need other services' data, already rendered. */
export interface RenderedEntities {
  /** Mastodon's Mention entities, in mention order. */
  mentions: Record<string, unknown>[];
  /** Custom emojis of the author's profile (see loadAccountEmojis); none when absent. */
  accountEmojis?: AccountEmojiMap;
  /** CustomEmoji entities of the emojis the spoiler text and text use. */
  emojis: Record<string, unknown>[];
  /** The Poll entity with the viewer's votes; null or absent when the status has none. */
  poll?: Record<string, unknown> | null;
  /** The PreviewCard of the status's first link; null or absent while it has none. */
  card?: Record<string, unknown> | null;
}

// Mentions of accounts that are gone are left out, as Mastodon lists only active mentions.
function mentionsOf(ctx: Pick<RouteContext, "baseUrl">, status: Status, accounts: ReadonlyMap<string, Account>): Record<string, unknown>[] {
  return (status.mentionedAccountIds ?? []).flatMap((id) => {
    const account = accounts.get(id);
    if (!account) return [];
    const { username, acct, url } = presentAccount(account, ctx.baseUrl);
    return [{ id, username, url: url ?? account.uri, acct }];
  });
}
