import { hashtagsIn } from "@starling/text";
import { SHORTCODE_PATTERN } from "./custom-emoji.ts";
import { normalizeLanguage } from "./language.ts";
import { isStatusId } from "./new-status.ts";
import type { RemotePollState } from "./remote-poll.ts";
import type { Status, Visibility } from "./status.ts";
import { isVisibility } from "./visibility.ts";

/** A remote Note or Question as the federation service read it (HTML already sanitized there). */
export interface RemoteStatusInput {
  uri: string;
  url?: string | undefined;
  accountId: string;
  /** The parent's id here when known, and the parent's author. */
  inReplyToId?: string | undefined;
  inReplyToAccountId?: string | undefined;
  content: string;
  spoilerText: string;
  visibility: string;
  sensitive: boolean;
  language?: string | undefined;
  createdAt: Date | null;
  editedAt: Date | null;
  mentionedAccountIds: string[];
  tags: string[];
  emojiShortcodes: string[];
  poll: RemotePollState | null;
  /** Attachments the federation service registered with the media service, in display order. */
  mediaIds: string[];
}

/** A remote status that passed the rules: absent values null, lists cleaned. */
export interface ValidRemoteStatus {
  uri: string;
  url: string | null;
  accountId: string;
  inReplyToId: string | null;
  inReplyToAccountId: string | null;
  content: string;
  spoilerText: string;
  visibility: Visibility;
  sensitive: boolean;
  language: string | null;
  createdAt: Date | null;
  editedAt: Date | null;
  mentionedAccountIds: string[];
  /** Hashtags as written and normalized, each normalized name once. */
  tags: { name: string; normalized: string }[];
  emojiShortcodes: string[];
  /** Null also for a Question without options, which Mastodon stores as a plain status. */
  poll: RemotePollState | null;
  /** Each id once, in display order. */
  mediaIds: string[];
}

/** The cleaned remote status, or why it was refused. */
export type ValidatedRemote = { ok: true; status: ValidRemoteStatus } | { ok: false; error: string };

/** Whether `text` is an absolute http(s) URL, as ActivityPub ids of remote objects must be. */
export function isHttpUri(text: string | undefined): text is string {
  if (text === undefined) return false;
  try {
    return ["http:", "https:"].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

/**
 * What a remote status must be to be stored: an http(s) id, an author (an id of the accounts
 * service, as all its ids are), one of the four visibilities, and ids where ids are expected.
 * What Mastodon drops rather than refuses is dropped: a url that is no http(s) URL, a language
 * that is no ISO 639-1 code (a region such as "en-US" is cut to "en"), tags and shortcodes that
 * are no hashtag names or shortcodes, an unknown parent id.
 */
export function validateRemoteStatus(input: RemoteStatusInput): ValidatedRemote {
  if (!isHttpUri(input.uri)) return { ok: false, error: "uri must be an http(s) URL" };
  if (!isStatusId(input.accountId)) return { ok: false, error: "account_id must be an account id" };
  if (!isVisibility(input.visibility)) return { ok: false, error: `visibility '${input.visibility}' is not public, unlisted, private or direct` };
  if (input.inReplyToAccountId !== undefined && !isStatusId(input.inReplyToAccountId)) return { ok: false, error: "in_reply_to_account_id must be an account id" };
  if (input.mentionedAccountIds.some((id) => !isStatusId(id))) return { ok: false, error: "mentioned_account_ids must be account ids" };
  if (input.mediaIds.some((id) => !isStatusId(id))) return { ok: false, error: "media_ids must be media attachment ids" };
  const tags = hashtagsIn(input.tags.map((tag) => `#${tag.replace(/^#/, "")}`)).filter((tag) => input.tags.some((t) => t.replace(/^#/, "") === tag.name));
  const emojiShortcodes = [...new Set(input.emojiShortcodes.map((code) => code.replace(/^:|:$/g, "")))].filter((code) => SHORTCODE_PATTERN.test(code));
  const poll = input.poll && input.poll.options.length > 0 ? input.poll : null;
  return {
    ok: true,
    status: {
      uri: input.uri,
      url: isHttpUri(input.url) ? input.url : null,
      accountId: input.accountId,
      inReplyToId: input.inReplyToId !== undefined && isStatusId(input.inReplyToId) ? input.inReplyToId : null,
      inReplyToAccountId: input.inReplyToAccountId ?? null,
      content: input.content,
      spoilerText: input.spoilerText,
      visibility: input.visibility,
      sensitive: input.sensitive,
      language: (input.language === undefined ? undefined : normalizeLanguage(input.language.split(/[-_]/)[0]!)) ?? null,
      createdAt: input.createdAt,
      editedAt: input.editedAt,
      mentionedAccountIds: [...new Set(input.mentionedAccountIds)],
      tags,
      emojiShortcodes,
      poll,
      mediaIds: [...new Set(input.mediaIds)],
    },
  };
}

/**
 * A remote status seen for the first time, as stored here: no source text (its server has it),
 * no application, its own dates. `parent` is the parent found here; without it the reply still
 * names the parent's author when the server said who it was.
 */
export function newRemoteStatus(id: string, valid: ValidRemoteStatus, parent: Pick<Status, "id" | "accountId"> | undefined, pollId: string | null, now: Date): Status {
  return {
    id,
    uri: valid.uri,
    url: valid.url,
    accountId: valid.accountId,
    inReplyToId: parent?.id ?? null,
    inReplyToAccountId: parent?.accountId ?? valid.inReplyToAccountId,
    text: "",
    content: valid.content,
    spoilerText: valid.spoilerText,
    visibility: valid.visibility,
    sensitive: valid.sensitive,
    language: valid.language,
    local: false,
    application: null,
    createdAt: valid.createdAt ?? now,
    editedAt: valid.editedAt,
    deletedAt: null,
    repliesCount: 0,
    reblogsCount: 0,
    favouritesCount: 0,
    mediaIds: valid.mediaIds,
    mentionedAccountIds: valid.mentionedAccountIds,
    tags: valid.tags.map((tag) => tag.normalized),
    emojiShortcodes: valid.emojiShortcodes,
    pollId,
  };
}

/**
 * Whether `valid` is an edit of `stored` to apply: only an explicit edit (ActivityPub `updated`)
 * later than the stored one, as Mastodon's ProcessStatusUpdateService decides, so a late or
 * repeated Update never overwrites a newer version.
 */
export function isNewerEdit(stored: Pick<Status, "editedAt">, valid: Pick<ValidRemoteStatus, "editedAt">): boolean {
  return valid.editedAt !== null && (stored.editedAt === null || valid.editedAt.getTime() > stored.editedAt.getTime());
}

/**
 * `stored` after the remote edit `valid`: what an edit can change (never the visibility, thread,
 * author, id or address), dated at the remote's edit.
 */
export function applyRemoteEdit(stored: Status, valid: ValidRemoteStatus, pollId: string | null): Status {
  return {
    ...stored,
    content: valid.content,
    spoilerText: valid.spoilerText,
    sensitive: valid.sensitive,
    language: valid.language,
    mediaIds: valid.mediaIds,
    mentionedAccountIds: valid.mentionedAccountIds,
    tags: valid.tags.map((tag) => tag.normalized),
    emojiShortcodes: valid.emojiShortcodes,
    pollId,
    editedAt: valid.editedAt,
  };
}
