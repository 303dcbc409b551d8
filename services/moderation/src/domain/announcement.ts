import { invalidArgument } from "@starling/runtime";

/** A custom emoji an announcement's text or reaction shows. */
export interface AnnouncementEmoji {
  shortcode: string;
  url: string;
  staticUrl: string;
  visibleInPicker: boolean;
  category?: string | undefined;
}

/** An account the text mentions, resolved when saved. */
export interface AnnouncementMention {
  id: string;
  username: string;
  acct: string;
  url: string;
}

/** An announcement as stored. */
export interface Announcement {
  id: string;
  text: string;
  content: string;
  mentions: AnnouncementMention[];
  tags: string[];
  emojis: AnnouncementEmoji[];
  startsAt: Date | undefined;
  endsAt: Date | undefined;
  allDay: boolean;
  scheduledAt: Date | undefined;
  published: boolean;
  publishedAt: Date | undefined;
  createdAt: Date;
  updatedAt: Date;
}

/** A reaction's total on one announcement, with whether the viewer is among them. */
export interface ReactionCount {
  name: string;
  count: number;
  me: boolean | undefined;
  url: string | undefined;
  staticUrl: string | undefined;
}

/** What staff choose of an announcement's timing. */
export interface AnnouncementTiming {
  startsAt: Date | undefined;
  endsAt: Date | undefined;
  allDay: boolean;
  scheduledAt: Date | undefined;
}

/** Mastodon's ReactionValidator: at most this many distinct reactions per announcement. */
export const MAX_DISTINCT_REACTIONS = 8;

/**
 * Refuses timing Mastodon refuses (a range needs both ends, the end after the start) and, as the
 * spec says, `all_day` without a range: it is only a visual cue for a range.
 */
export function checkTiming(timing: AnnouncementTiming): void {
  // PostgreSQL keeps years 4713 BC to 294276 AD; a year clients can mean is far inside that.
  for (const time of [timing.startsAt, timing.endsAt, timing.scheduledAt]) {
    if (time && (Number.isNaN(time.getTime()) || time.getUTCFullYear() < 1 || time.getUTCFullYear() > 9999)) throw invalidArgument("Validation failed: times must fall in the years 1 to 9999");
  }
  if ((timing.startsAt === undefined) !== (timing.endsAt === undefined)) throw invalidArgument("Validation failed: Starts at and ends at must be given together");
  if (timing.startsAt && timing.endsAt && timing.endsAt <= timing.startsAt) throw invalidArgument("Validation failed: Ends at must be after starts at");
  if (timing.allDay && !timing.startsAt) throw invalidArgument("Validation failed: All day needs a time range");
}

/** The text, trimmed; refused when empty. */
export function checkedAnnouncementText(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) throw invalidArgument("Validation failed: Text can't be blank");
  return trimmed;
}

// One emoji as Unicode's RGI set defines it (with skin tones, ZWJ sequences and flags).
const UNICODE_EMOJI = /^\p{RGI_Emoji}$/v;
const SHORTCODE = /^[a-zA-Z0-9_]{2,}$/;

/** How a reaction's name is read: a Unicode emoji, a custom emoji's shortcode, or neither. */
export function reactionKind(name: string): "unicode" | "custom" | "invalid" {
  if (UNICODE_EMOJI.test(name)) return "unicode";
  return SHORTCODE.test(name) ? "custom" : "invalid";
}

/** Whether users see it at `now`: published, and its range (if any) not over. */
export const isActive = (announcement: Announcement, now: Date): boolean => announcement.published && (!announcement.endsAt || announcement.endsAt > now);
