import { MAX_STATUS_CHARACTERS, statusLength } from "./character-count.ts";
import { normalizeLanguage } from "./language.ts";
import { isVisibility } from "./visibility.ts";
import type { StatusApplication, Visibility } from "./status.ts";

/** A status as the client asked for it, before any rule ran. */
export interface NewStatusInput {
  text: string;
  visibility: string;
  spoilerText: string;
  inReplyToId: string;
  language: string;
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

/** The outcome of {@link validateNewStatus}: the cleaned status, or why it was refused. */
export type Validated = { ok: true; status: ValidNewStatus } | { ok: false; error: string };

// Ruby's String#strip, which Mastodon applies before validating: ASCII whitespace and NUL only.
const stripText = (text: string) => text.replace(/^[\t\n\v\f\r \0]+|[\t\n\v\f\r \0]+$/g, "");

/**
 * Mastodon's rules on a new status that need no data: text present unless media is attached (polls
 * come later), at most 4 attachments, at most 500 characters over spoiler and text, a known
 * visibility (public by default until account preferences exist), and an ISO 639-1 language or none.
 */
export function validateNewStatus(input: NewStatusInput): Validated {
  const text = stripText(input.text);
  const spoilerText = stripText(input.spoilerText);
  if (input.mediaIds.length > MAX_MEDIA_ATTACHMENTS) return { ok: false, error: `Cannot attach more than ${MAX_MEDIA_ATTACHMENTS} files` };
  if (input.mediaIds.some((id) => !isStatusId(id))) return { ok: false, error: "Validation failed: Media attachments must be ids of uploads" };
  const mediaIds = [...new Set(input.mediaIds)];
  if (text === "" && mediaIds.length === 0) return { ok: false, error: "Validation failed: Text can't be blank" };
  if (statusLength({ text, spoilerText }) > MAX_STATUS_CHARACTERS) {
    return { ok: false, error: `Validation failed: Text character limit of ${MAX_STATUS_CHARACTERS} exceeded` };
  }
  const visibility = input.visibility === "" ? "public" : input.visibility;
  if (!isVisibility(visibility)) return { ok: false, error: `Validation failed: Visibility '${input.visibility}' is not a valid visibility` };
  const language = normalizeLanguage(input.language);
  if (language === undefined) return { ok: false, error: `Validation failed: Language '${input.language}' is not an ISO 639-1 code` };
  const inReplyToId = input.inReplyToId.trim() === "" ? null : input.inReplyToId.trim();
  return { ok: true, status: { text, visibility, spoilerText, inReplyToId, language, sensitive: input.sensitive, application: input.application, mediaIds } };
}

/** Whether `id` can be a status id at all (a positive 64-bit integer); anything else is simply unknown. */
export function isStatusId(id: string): boolean {
  return /^[1-9][0-9]{0,18}$/.test(id) && BigInt(id) <= 9223372036854775807n;
}
