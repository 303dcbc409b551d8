/** Who may see a status, as Mastodon names it. */
export const VISIBILITIES = ["public", "unlisted", "private", "direct"] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/** The client app a status was posted from; website may be empty. */
export interface StatusApplication {
  name: string;
  /** Absent when the app gave none. */
  website?: string | undefined;
}

/** A status as the service knows it. Absent optional values are null, never "". */
export interface Status {
  id: string;
  uri: string;
  url: string | null;
  accountId: string;
  inReplyToId: string | null;
  inReplyToAccountId: string | null;
  /** The source text as typed (stripped). */
  text: string;
  /** Rendered HTML. */
  content: string;
  spoilerText: string;
  visibility: Visibility;
  sensitive: boolean;
  language: string | null;
  local: boolean;
  application: StatusApplication | null;
  createdAt: Date;
  editedAt: Date | null;
  deletedAt: Date | null;
  repliesCount: number;
  reblogsCount: number;
  favouritesCount: number;
  /** Media attachment ids (owned by the media service), in the author's order. */
  mediaIds: string[];
  /** Accounts mentioned in the text that exist here, in the order first mentioned; absent means none. */
  mentionedAccountIds?: string[];
  /** Normalized names of the text's hashtags, in order of first use; absent means none. */
  tags?: string[];
  /** `:shortcode:`s written in spoiler text and text (custom emojis are looked up when shown); absent means none. */
  emojiShortcodes?: string[];
  /** The preview card of its first link (owned by the media service); null until card.created arrives. */
  cardId?: string | null;
  /** Its poll, if any (see domain/poll.ts). */
  pollId?: string | null;
  /** The reblogged status when this one is a reblog (it then has no text of its own); absent or null otherwise. */
  reblogOfId?: string | null;
}
