/**
 * The viewer's filters applied to a page of views, as Mastodon 4.0 applies them to what it renders
 * (CustomFilter.apply_cached_filters): a status matches on its searchable text (content warning,
 * text without markup, media descriptions) or by being a filtered post; a reblog is matched by its
 * original and marked like it. With a context, only filters of that context apply and statuses
 * a `hide` filter matches are left out; without one, every active filter marks what it matches.
 */
import type { MediaAttachment } from "@starling/proto/media/v1/media";
import { htmlToPlainText } from "@starling/text";
import { anyActive, matchFilters, type CompiledFilter, type FilterMatch } from "../domain/filter-matcher.ts";
import type { Status } from "../domain/status.ts";
import type { StatusView } from "./status-views.ts";
import { BoundedMap } from "@starling/runtime";

/** Mastodon's Status#searchable_text, without poll options. */
function searchableText(status: Status, media: ReadonlyMap<string, MediaAttachment>): string {
  const descriptions = status.mediaIds.flatMap((id) => media.get(id)?.description ?? []);
  return [status.spoilerText, plainTextOf(status), ...descriptions].filter((part) => part !== "").join("\n\n");
}

// The text of a status's HTML, by status and edit: the same statuses are read again and again
// (every home page of every follower), and taking the markup off costs more than matching.
const plainTexts = new BoundedMap<string, string>(20_000);
function plainTextOf(status: Status): string {
  const key = `${status.id}:${status.editedAt?.getTime() ?? 0}`;
  let text = plainTexts.get(key);
  if (text === undefined) {
    text = htmlToPlainText(status.content);
    plainTexts.set(key, text);
  }
  return text;
}

/** `views` with their filter results; see the file's comment. */
export function filterViews(views: StatusView[], filters: readonly CompiledFilter[], media: ReadonlyMap<string, MediaAttachment>, now: Date, context?: string): StatusView[] {
  if (!anyActive(filters, now)) return views;
  return views.flatMap((view): StatusView[] => {
    const proper = view.reblog?.status ?? view.status;
    const matches = matchFilters(filters, { text: searchableText(proper, media), statusIds: [...new Set([view.status.id, proper.id])] }, now, context);
    if (matches.length === 0) return [view];
    if (context !== undefined && matches.some((m) => m.filter.filterAction === "hide")) return [];
    return [marked(view, matches)];
  });
}

const marked = (view: StatusView, filtered: FilterMatch[]): StatusView => ({ ...view, filtered, ...(view.reblog ? { reblog: { ...view.reblog, filtered } } : {}) });
