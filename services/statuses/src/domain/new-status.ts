import { linkedUrls } from "@starling/text";
import { MAX_STATUS_CHARACTERS, MAX_URL_LENGTH, statusLength } from "./character-count.ts";
import { normalizeLanguage } from "./language.ts";
import { isVisibility } from "./visibility.ts";
import type { StatusApplication, Visibility } from "./status.ts";

/** Whether the client named a language (a blank one names none, as in Mastodon). */
export const hasLanguage = (input: { language?: string | undefined }): input is { language: string } => (input.language ?? "").trim() !== "";

/** A status as the client asked for it, before any rule ran. */
export interface NewStatusInput {
  text: string;
  /** Absent takes the author's default. */
  visibility?: string | undefined;
  spoilerText: string;
  /** Absent unless a reply. */
  inReplyToId?: string | undefined;
  /** Absent (or blank) takes the author's default. */
  language?: string | undefined;
  sensitive: boolean;
  application: StatusApplication | null;
  /** Uploads to attach, in display order. */
  mediaIds: string[];
}

/** Mastodon's limit of attachments per status (reference §7.1). */
export const MAX_MEDIA_ATTACHMENTS = 4;

/** A status that passed every rule that needs no data. */
export interface ValidNewStatus {
  text: string;
  visibility: Visibility;
  spoilerText: string;
  inReplyToId: string | null;
  language: string | null;
  sensitive: boolean;
  application: StatusApplication | null;
  /** Distinct, in the order given. */
  mediaIds: string[];
}

/** What an omitted visibility or language becomes: the author's preferences (see create-status.ts). */
export interface NewStatusDefaults {
  /** A visibility name; anything else means public. */
  visibility: string;
  /** An ISO 639-1 code, or null for none. */
  language: string | null;
}

const NO_PREFERENCES: NewStatusDefaults = { visibility: "public", language: null };

/** The outcome of {@link validateNewStatus}: the cleaned status, or why it was refused. */
export type Validated = { ok: true; status: ValidNewStatus } | { ok: false; error: string };

// Ruby's String#strip, which Mastodon applies before validating: ASCII whitespace and NUL only.
const stripText = (text: string) => text.replace(/^[\t\n\v\f\r \0]+|[\t\n\v\f\r \0]+$/g, "");

/**
 * Mastodon's rules on a new status that need no data: text present unless media is attached (polls
 * come later), at most 4 attachments, at most 500 characters over spoiler and text (URLs counting
 * 23), no URL longer than 4096 characters (the spec's rule), a known visibility, and an ISO 639-1
 * language. An omitted visibility or language takes the author's default.
 */
export function validateNewStatus(input: NewStatusInput, defaults: NewStatusDefaults = NO_PREFERENCES): Validated {
  const text = stripText(input.text);
  const spoilerText = stripText(input.spoilerText);
  if (input.mediaIds.length > MAX_MEDIA_ATTACHMENTS) return { ok: false, error: `Cannot attach more than ${MAX_MEDIA_ATTACHMENTS} files` };
  if (input.mediaIds.some((id) => !isStatusId(id))) return { ok: false, error: "Validation failed: Media attachments must be ids of uploads" };
  const mediaIds = [...new Set(input.mediaIds)];
  if (text === "" && mediaIds.length === 0) return { ok: false, error: "Validation failed: Text can't be blank" };
  if (statusLength({ text, spoilerText }) > MAX_STATUS_CHARACTERS) {
    return { ok: false, error: `Validation failed: Text character limit of ${MAX_STATUS_CHARACTERS} exceeded` };
  }
  if (linkedUrls(text).some((url) => url.length > MAX_URL_LENGTH)) {
    return { ok: false, error: `Validation failed: Text contains a link longer than ${MAX_URL_LENGTH} characters` };
  }
  const visibility = input.visibility ?? (isVisibility(defaults.visibility) ? defaults.visibility : "public");
  if (!isVisibility(visibility)) return { ok: false, error: `Validation failed: Visibility '${visibility}' is not a valid visibility` };
  const language = hasLanguage(input) ? normalizeLanguage(input.language) : defaults.language;
  if (language === undefined) return { ok: false, error: `Validation failed: Language '${input.language}' is not an ISO 639-1 code` };
  const inReplyToId = input.inReplyToId?.trim() || null;
  // A content warning hides the status behind it, so Mastodon marks such a status sensitive.
  const sensitive = input.sensitive || spoilerText !== "";
  return { ok: true, status: { text, visibility, spoilerText, inReplyToId, language, sensitive, application: input.application, mediaIds } };
}

/** Whether `id` can be a status id at all (a positive 64-bit integer); anything else is simply unknown. */
export function isStatusId(id: string): boolean {
  return /^[1-9][0-9]{0,18}$/.test(id) && BigInt(id) <= 9223372036854775807n;
}
