import { hasLanguage, validateNewStatus } from "./new-status.ts";
import type { Status } from "./status.ts";

/** An edit as the author sent it: the whole new state of what an edit may change. */
export interface StatusEditInput {
  text: string;
  spoilerText: string;
  sensitive: boolean;
  /** Absent (or blank) keeps the status's language. */
  language?: string | undefined;
  mediaIds: string[];
}

/** An edit that passed every rule that needs no data. */
export interface ValidStatusEdit {
  text: string;
  spoilerText: string;
  sensitive: boolean;
  language: string | null;
  /** Distinct, in the order given. */
  mediaIds: string[];
}

/** The outcome of {@link validateStatusEdit}. */
export type ValidatedEdit = { ok: true; edit: ValidStatusEdit } | { ok: false; error: string };

/**
 * The rules of a new status apply to an edit unchanged (text or media present, 500 characters,
 * 4 attachments, a known language), so this runs the very same validation with what an edit
 * cannot change (visibility, thread, application) taken from the status. As in Mastodon's
 * UpdateStatusService, an omitted language keeps the current one.
 */
export function validateStatusEdit(input: StatusEditInput, current: Status): ValidatedEdit {
  const valid = validateNewStatus({
    text: input.text,
    spoilerText: input.spoilerText,
    sensitive: input.sensitive,
    language: input.language,
    mediaIds: input.mediaIds,
    visibility: current.visibility,
    application: null,
  });
  if (!valid.ok) return valid;
  const { text, spoilerText, sensitive, language, mediaIds } = valid.status;
  return {
    ok: true,
    edit: { text, spoilerText, sensitive, language: hasLanguage(input) ? language : current.language, mediaIds },
  };
}

/**
 * Whether applying `edit` would leave `current` as it is. Such an edit (a client retrying its PUT)
 * stores no version and emits nothing, so a repeated request is harmless. An edit that sends a poll
 * always counts as a change: its end is set anew from the edit's time.
 */
export function editChangesNothing(current: Status, edit: ValidStatusEdit, pollRequested: boolean): boolean {
  return (
    !pollRequested &&
    !current.pollId &&
    current.text === edit.text &&
    current.spoilerText === edit.spoilerText &&
    current.sensitive === edit.sensitive &&
    current.language === edit.language &&
    current.mediaIds.join(",") === edit.mediaIds.join(",")
  );
}
