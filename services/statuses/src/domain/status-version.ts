import type { Status } from "./status.ts";

/** A poll as one version of a status had it: its options and rules, never its votes. */
export interface PollSnapshot {
  options: string[];
  multiple: boolean;
  /** null when the poll never ends. */
  expiresAt: Date | null;
}

/**
 * One stored version of a status (Mastodon's StatusEdit): everything an edit can change, as it was
 * when that version was written. The content is kept as rendered then, since mentions and emojis
 * render against the accounts and emojis of that moment.
 */
export interface StatusVersion {
  id: string;
  statusId: string;
  accountId: string;
  text: string;
  content: string;
  spoilerText: string;
  sensitive: boolean;
  /** Media attachment ids of this version, in the author's order. */
  mediaIds: string[];
  poll: PollSnapshot | null;
  /** `:shortcode:`s of this version's spoiler text and text. */
  emojiShortcodes: string[];
  /** When this version was written; the status's creation for the first one. */
  createdAt: Date;
}

/** The snapshot of a poll that a version keeps. */
export function pollSnapshot(poll: { options: string[]; multiple: boolean; expiresAt: Date | null } | null | undefined): PollSnapshot | null {
  return poll ? { options: [...poll.options], multiple: poll.multiple, expiresAt: poll.expiresAt } : null;
}

/** The version that `status` is now, with its poll `poll`, written at `at`, with `id`. */
export function versionOfStatus(id: string, status: Status, poll: PollSnapshot | null, at: Date): StatusVersion {
  return {
    id,
    statusId: status.id,
    accountId: status.accountId,
    text: status.text,
    content: status.content,
    spoilerText: status.spoilerText,
    sensitive: status.sensitive,
    mediaIds: [...status.mediaIds],
    poll,
    emojiShortcodes: [...(status.emojiShortcodes ?? [])],
    createdAt: at,
  };
}
