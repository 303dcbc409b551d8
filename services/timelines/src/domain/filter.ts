/**
 * Filters as Mastodon 4.0 keeps them (CustomFilter): a title, the contexts they apply in, an action
 * (warn marks a status, hide leaves it out), an optional expiry, keywords and filtered posts.
 */
import { invalidArgument } from "@starling/runtime";

/** Where a filter applies: Mastodon's CustomFilter::VALID_CONTEXTS. */
export const FILTER_CONTEXTS = ["home", "notifications", "public", "thread", "account"] as const;

/** Mastodon's filter actions. */
export const FILTER_ACTIONS = ["warn", "hide"] as const;
export type FilterAction = (typeof FILTER_ACTIONS)[number];

export interface FilterKeyword {
  id: string;
  keyword: string;
  wholeWord: boolean;
}

export interface FilterStatus {
  id: string;
  statusId: string;
}

/** One filter with its keywords and posts (each oldest first). */
export interface Filter {
  id: string;
  title: string;
  context: string[];
  filterAction: FilterAction;
  expiresAt?: Date | undefined;
  keywords: FilterKeyword[];
  statuses: FilterStatus[];
}

/** A filter's own fields, without its keywords and posts. */
export type FilterFields = Omit<Filter, "keywords" | "statuses">;

/** The title, trimmed; a blank one is refused as Mastodon's presence validation does. */
export function validTitle(title: string | undefined): string {
  const trimmed = title?.trim() ?? "";
  if (trimmed === "") throw invalidArgument("Validation failed: Title can't be blank");
  return trimmed;
}

/** The contexts, each once; none, or one Mastodon does not know, is refused. */
export function validContexts(context: readonly string[]): string[] {
  const unique = [...new Set(context)];
  if (unique.length === 0) throw invalidArgument("Validation failed: Context can't be blank");
  const unknown = unique.find((c) => !(FILTER_CONTEXTS as readonly string[]).includes(c));
  if (unknown !== undefined) throw invalidArgument(`Validation failed: Context '${unknown}' is not one of ${FILTER_CONTEXTS.join(", ")}`);
  return unique;
}

/** The action, `warn` when absent. */
export function validAction(action: string | undefined): FilterAction {
  const value = action ?? "warn";
  if (!(FILTER_ACTIONS as readonly string[]).includes(value)) throw invalidArgument(`Validation failed: Filter action '${value}' is not warn or hide`);
  return value as FilterAction;
}

/** A keyword as stored: trimmed, not blank. */
export function validKeyword(keyword: string | undefined): string {
  const trimmed = keyword?.trim() ?? "";
  if (trimmed === "") throw invalidArgument("Validation failed: Keyword can't be blank");
  return trimmed;
}

/** When a filter given `seconds` to live expires; undefined for never. */
export function expiryAfter(seconds: number | undefined, now: Date): Date | undefined {
  if (seconds === undefined) return undefined;
  if (!Number.isInteger(seconds) || seconds <= 0) throw invalidArgument("Validation failed: Expires in must be a positive number of seconds");
  return new Date(now.getTime() + seconds * 1000);
}
