/**
 * The streaming fan-out's channels on the key-value store's pub/sub: timelines publishes a
 * StreamMessage (stream_messages.proto) on them, every gateway replica subscribes to those its
 * clients stream. The names follow Mastodon's Redis channels, under a `streaming:` prefix.
 */
import { StreamMessage } from "@starling/proto/timelines/v1/stream_messages";

/** Which public statuses a public channel carries. */
export type PublicScope = "all" | "local" | "remote";

const prefix = "streaming:timeline:";

/** Channel names, one function per kind of stream. */
export const streamChannels = {
  /** A user's home feed: update, status.update and delete of what reaches it, filters and announcements. */
  home: (accountId: string) => `${prefix}${accountId}`,
  /** Announcements, to every user stream at once (a broadcast rather than one message per user). */
  announcements: () => `${prefix}announcements`,
  /** A user's notifications. */
  notifications: (accountId: string) => `${prefix}${accountId}:notifications`,
  /** A user's direct conversations (conversation events). */
  direct: (accountId: string) => `${prefix}direct:${accountId}`,
  /** One list's feed. */
  list: (listId: string) => `${prefix}list:${listId}`,
  /** Public statuses: all, local or remote ones, optionally only those with attachments. */
  public: (scope: PublicScope, onlyMedia = false) => `${prefix}public${scope === "all" ? "" : `:${scope}`}${onlyMedia ? ":media" : ""}`,
  /** Public statuses with a hashtag (its normalized name), optionally only local ones. */
  hashtag: (tag: string, localOnly = false) => `${prefix}hashtag:${tag}${localOnly ? ":local" : ""}`,
};

/** The text published for a message. */
export const encodeStreamMessage = (message: StreamMessage): string => JSON.stringify(StreamMessage.toJSON(message));

/** A published text as a message, or undefined when it is not one. */
export function decodeStreamMessage(text: string): StreamMessage | undefined {
  try {
    const message = StreamMessage.fromJSON(JSON.parse(text));
    return message.event ? message : undefined;
  } catch {
    return undefined;
  }
}
