/**
 * Validation of profile updates, with Mastodon's limits for local accounts and messages shaped like
 * its ActiveRecord errors ("Validation failed: Display name is too long (maximum is 30 characters)").
 */
import { MAX_FIELD_LENGTH, MAX_FIELDS } from "./profile-fields.ts";

/** Mastodon's limit on a local display name, in characters. */
export const MAX_DISPLAY_NAME_LENGTH = 30;
/** Mastodon's limit on a local note, counted like a status (URLs as 23). */
export const MAX_NOTE_LENGTH = 500;
/** Default posting visibilities a user may choose. */
export const PRIVACY_VALUES = ["public", "unlisted", "private", "direct"] as const;
/** How media in statuses is shown: Mastodon's reading:expand:media values. */
export const EXPAND_MEDIA_VALUES = ["default", "show_all", "hide_all"] as const;

/** Posting defaults and reading preferences of one account. */
export interface AccountSettings {
  privacy: string;
  sensitive: boolean;
  /** ISO 639-1 code; null when the user chose none. */
  language: string | null;
  expandMedia: string;
  expandSpoilers: boolean;
}

/** What a profile update asks to change, as the rules see it. */
export interface ProfileChange {
  displayName?: string | undefined;
  /** Counted length of the note (see @starling/text countedLength). */
  noteLength?: number | undefined;
  /** Fields after blank rows were dropped. */
  fields?: readonly { name: string; value: string }[] | undefined;
  privacy?: string | undefined;
  language?: string | undefined;
}

// ISO 639-1 (two letters) or 639-3 (three), as statuses are tagged.
const LANGUAGE = /^[a-z]{2,3}$/;

const chars = (text: string) => [...text].length;
const tooLong = (what: string, max: number) => `${what} is too long (maximum is ${max} characters)`;

/** Why a profile update is refused ("Validation failed: ..."), or undefined when it is valid. */
export function profileProblem(change: ProfileChange): string | undefined {
  const problems: string[] = [];
  if (change.displayName !== undefined && chars(change.displayName) > MAX_DISPLAY_NAME_LENGTH) problems.push(tooLong("Display name", MAX_DISPLAY_NAME_LENGTH));
  if (change.noteLength !== undefined && change.noteLength > MAX_NOTE_LENGTH) problems.push(tooLong("Note", MAX_NOTE_LENGTH));
  if (change.fields) {
    if (change.fields.length > MAX_FIELDS) problems.push(`Fields is too long (maximum is ${MAX_FIELDS} fields)`);
    if (change.fields.some((f) => chars(f.name) > MAX_FIELD_LENGTH)) problems.push(tooLong("Field name", MAX_FIELD_LENGTH));
    if (change.fields.some((f) => chars(f.value) > MAX_FIELD_LENGTH)) problems.push(tooLong("Field value", MAX_FIELD_LENGTH));
  }
  if (change.privacy !== undefined && !(PRIVACY_VALUES as readonly string[]).includes(change.privacy)) problems.push("Default privacy is not included in the list");
  if (change.language !== undefined && change.language !== "" && !LANGUAGE.test(change.language)) problems.push("Default language is not a language code");
  return problems.length > 0 ? `Validation failed: ${problems.join(", ")}` : undefined;
}
