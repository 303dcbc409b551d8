import type { Account } from "@starling/proto/accounts/v1/accounts";
import type { MediaAttachment } from "@starling/proto/media/v1/media";
import type { PreviewCard } from "@starling/proto/media/v1/preview_cards";
import type { CustomEmoji } from "../domain/custom-emoji.ts";
import type { PollView } from "../domain/poll.ts";
import type { Status } from "../domain/status.ts";
import { findPolls } from "../data/polls-queries.ts";
import type { Caller, StatusesDeps } from "./dependencies.ts";
import { getCustomEmojis, type EmojiRef } from "./find-custom-emojis.ts";
import { viewPolls } from "./get-poll.ts";
import { viewStatuses, type StatusView } from "./status-views.ts";
import { filterViews } from "./filter-views.ts";

/** Statuses as a viewer sees them, with every entity they show (see StatusPage in statuses.proto). */
export interface StatusPage {
  views: StatusView[];
  accounts: Account[];
  media: MediaAttachment[];
  polls: PollView[];
  cards: PreviewCard[];
  emojis: CustomEmoji[];
}

/**
 * The one hydration path: `statuses` (already filtered for the caller) become views (reblogs with
 * their originals, viewer state in one batched query), and the accounts, media and cards they show
 * come from the copies kept fresh by events — all in parallel; only the emojis wait for the
 * authors, whose domains say which server's emojis a text uses. The viewer's filters apply as
 * filter-views.ts says (`filterContext`: where the page is shown).
 */
export async function statusPage(deps: StatusesDeps, caller: Caller, statuses: Status[], filterContext?: string): Promise<StatusPage> {
  const [unfiltered, filters] = await Promise.all([viewStatuses(deps, caller, statuses), deps.filters.of(caller)]);
  // Filters match media descriptions, so a viewer with filters has the page's media read first (once).
  const early = filters.length > 0 ? await deps.copies.media.getMany(mediaIdsOf(unfiltered)) : undefined;
  const views = early ? filterViews(unfiltered, filters, early, deps.now(), filterContext) : unfiltered;
  const shown = views.flatMap((v) => (v.reblog ? [v.status, v.reblog.status] : [v.status]));
  const pollIds = unique(shown.flatMap((s) => (s.pollId ? [s.pollId] : [])));
  const [accounts, media, cards, polls] = await Promise.all([
    deps.copies.accounts.getMany(unique(shown.flatMap((s) => [s.accountId, ...(s.mentionedAccountIds ?? [])]))),
    early ?? deps.copies.media.getMany(mediaIdsOf(views)),
    deps.copies.cards.getMany(unique(shown.flatMap((s) => (s.cardId ? [s.cardId] : [])))),
    pollIds.length ? findPolls(deps.db, pollIds).then((found) => viewPolls(deps, caller, found)) : [],
  ]);
  const emojis = await getCustomEmojis(deps, emojiRefs(shown, accounts));
  return { views, accounts: [...accounts.values()], media: [...media.values()], polls, cards: [...cards.values()], emojis };
}

const mediaIdsOf = (views: StatusView[]) => unique(views.flatMap((v) => [...v.status.mediaIds, ...(v.reblog?.status.mediaIds ?? [])]));

// The statuses' texts use their authors' servers' emojis; profiles their own accounts' servers'.
function emojiRefs(statuses: Status[], accounts: ReadonlyMap<string, Account>): EmojiRef[] {
  const ofStatuses = statuses.flatMap((s) => {
    const author = accounts.get(s.accountId);
    return author ? (s.emojiShortcodes ?? []).map((shortcode) => ({ shortcode, domain: author.domain })) : [];
  });
  const ofAccounts = [...accounts.values()].flatMap((a) => (a.suspended ? [] : a.emojiShortcodes.map((shortcode) => ({ shortcode, domain: a.domain }))));
  return [...ofStatuses, ...ofAccounts];
}

const unique = <T>(values: T[]): T[] => [...new Set(values)];
