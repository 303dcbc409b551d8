import type { Account } from "@starling/proto/accounts/v1/accounts";
import type { MediaAttachment } from "@starling/proto/media/v1/media";
import type { CustomEmoji } from "@starling/proto/statuses/v1/custom_emojis";
import type { Status, StatusPage } from "@starling/proto/statuses/v1/statuses";
import { HttpError } from "../http/grpc-to-http.ts";
import type { RouteContext } from "../http/route.ts";
import { presentAccount } from "./account.ts";
import { presentFilterResult } from "./filter.ts";
import { emojiKey, presentEmojisOf } from "./custom-emoji.ts";
import { presentMediaList } from "./media.ts";
import { pinnedField, viewerFields } from "./reblog.ts";
import { presentPoll } from "./poll.ts";
import { presentPreviewCard } from "./preview-card.ts";
import { isoOrNull } from "./values.ts";

/**
 * Renders a StatusPage (the one hydration call's answer) as Mastodon Status entities, in the
 * page's order: every entity a status shows is in the page, so rendering makes no call. A status
 * whose author is missing (gone), or a reblog whose original cannot be rendered, is left out.
 */
export function presentStatusPage(ctx: Pick<RouteContext, "viewer" | "baseUrl">, page: StatusPage | undefined, options: { source?: boolean } = {}): Record<string, unknown>[] {
  if (!page || page.statuses.length === 0) return [];
  const entities = pageEntities(ctx, page);
  return page.statuses.flatMap((status): Record<string, unknown>[] => {
    const rendered = renderWithReblog(ctx, status, entities, options.source ?? false);
    return rendered ? [rendered] : [];
  });
}

/**
 * Loads statuses by id with ONE GetStatusPage call and renders them in that order; see
 * {@link presentStatusPage}. `filterContext` is where they are shown (see GetStatusPageRequest).
 */
export async function presentStatusesById(ctx: RouteContext, ids: readonly string[], options: { source?: boolean; filterContext?: string | undefined } = {}): Promise<Record<string, unknown>[]> {
  if (ids.length === 0) return [];
  return presentStatusPage(ctx, await ctx.clients.statuses.getStatusPage({ ids: [...ids], filterContext: options.filterContext }, { viewerToken: ctx.viewerToken }), options);
}

/**
 * Renders one status a mutation answered with (create, edit, favourite, ...), read back through
 * the same hydration call as every list; NOT_FOUND when the viewer can no longer see it.
 */
export async function presentStatus(ctx: RouteContext, status: Status): Promise<Record<string, unknown>> {
  const [rendered] = await presentStatusesById(ctx, [status.id]);
  if (!rendered) throw new HttpError(404, "Record not found");
  return rendered;
}

/** The rendered entities of one page, by id (emojis by emojiKey). */
interface PageEntities {
  accounts: ReadonlyMap<string, Account>;
  media: ReadonlyMap<string, MediaAttachment>;
  polls: ReadonlyMap<string, Record<string, unknown>>;
  cards: ReadonlyMap<string, Record<string, unknown>>;
  emojis: ReadonlyMap<string, CustomEmoji>;
  /** Each author rendered once per page: a timeline repeats a few authors many times. */
  authorOf(account: Account): Record<string, unknown>;
}

function pageEntities(ctx: Pick<RouteContext, "viewer" | "baseUrl">, page: StatusPage): PageEntities {
  const authors = new Map<string, Record<string, unknown>>();
  const emojis = new Map(page.emojis.map((e) => [emojiKey(e.shortcode, e.domain), e]));
  return {
    accounts: new Map(page.accounts.map((a) => [a.id, a])),
    media: new Map(page.media.map((m) => [m.id, m])),
    polls: new Map(page.polls.map((p) => [p.id, presentPoll(ctx, p)])),
    cards: new Map(page.cards.map((c) => [c.id, presentPreviewCard(c)])),
    emojis,
    authorOf(account) {
      let rendered = authors.get(account.id);
      if (!rendered) authors.set(account.id, (rendered = presentAccount(account, ctx.baseUrl, undefined, emojis)));
      return rendered;
    },
  };
}

function renderWithReblog(ctx: Pick<RouteContext, "viewer" | "baseUrl">, status: Status, entities: PageEntities, source: boolean): Record<string, unknown> | undefined {
  const author = entities.accounts.get(status.accountId);
  if (!author) return undefined;
  const rendered = renderStatus(ctx, status, author, source, presentMediaList(status.mediaIds ?? [], entities.media), {
    mentions: mentionsOf(ctx, status, entities.accounts),
    emojis: presentEmojisOf(status.emojiShortcodes ?? [], author.domain, entities.emojis),
    poll: (status.pollId && entities.polls.get(status.pollId)) || null,
    card: (status.cardId && entities.cards.get(status.cardId)) || null,
    account: entities.authorOf(author),
  });
  if (!status.reblog) return rendered;
  const original = renderWithReblog(ctx, status.reblog, entities, source);
  return original ? { ...rendered, reblog: original } : undefined;
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
  // Built by assignment in Mastodon's key order rather than by spreading partial objects: a page renders
  // dozens of statuses, and each spread copied its properties one by one into a fresh object.
  const rendered: Record<string, unknown> = {
    id: status.id,
    created_at: isoOrNull(status.createdAt),
    in_reply_to_id: status.inReplyToId ?? null,
    in_reply_to_account_id: status.inReplyToAccountId ?? null,
    // A sensitized author's statuses are sensitive to everyone but the author (Mastodon's StatusSerializer).
    sensitive: status.sensitive || (author.sensitized && viewer !== author.id),
    spoiler_text: status.spoilerText,
    visibility: status.visibility,
    language: status.language ?? null,
    uri: status.uri,
    url: status.url ?? null,
    replies_count: status.repliesCount,
    reblogs_count: status.reblogsCount,
    favourites_count: status.favouritesCount,
    edited_at: isoOrNull(status.editedAt),
  };
  if (viewer) {
    Object.assign(rendered, viewerFields(status));
    rendered.filtered = (status.filtered ?? []).map(presentFilterResult);
  }
  Object.assign(rendered, pinnedField(status, viewer));
  if (source) rendered.text = status.text;
  else rendered.content = status.content;
  rendered.reblog = null;
  rendered.application = status.application?.name ? { name: status.application.name, website: status.application.website ?? null } : null;
  rendered.account = entities.account ?? presentAccount(author, ctx.baseUrl);
  rendered.media_attachments = mediaAttachments;
  rendered.mentions = entities.mentions;
  rendered.tags = (status.tags ?? []).map((name) => ({ name, url: `${ctx.baseUrl}/tags/${encodeURIComponent(name)}` }));
  rendered.emojis = entities.emojis;
  rendered.card = entities.card ?? null;
  rendered.poll = entities.poll ?? null;
  return rendered;
}

/** The parts of a Status that need other services' data, already rendered. */
export interface RenderedEntities {
  /** Mastodon's Mention entities, in mention order. */
  mentions: Record<string, unknown>[];
  /** The author already rendered, with its profile's emojis (once per page); rendered here from `author`, without them, when absent. */
  account?: Record<string, unknown>;
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
