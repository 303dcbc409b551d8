/**
 * Which public streams a status is broadcast on: Mastodon 4.0's FanOutOnWriteService#broadcastable?
 * (public, not a reblog) without replies to other accounts, on the local or remote stream by
 * origin, the only_media streams when it has attachments, and the hashtag streams of its tags
 * (their local variants for local statuses).
 */
import { streamChannels } from "@starling/events";

/** What public routing needs to know about a status. */
export interface Broadcastable {
  accountId: string;
  visibility: string;
  local: boolean;
  tags: string[];
  hasMedia: boolean;
  inReplyToAccountId?: string | undefined;
  reblogOfId?: string | undefined;
}

/** The public and hashtag channels a status goes to; none when it is not broadcast. */
export function publicChannelsOf(status: Broadcastable): string[] {
  if (status.visibility !== "public" || status.reblogOfId) return [];
  if (status.inReplyToAccountId && status.inReplyToAccountId !== status.accountId) return [];
  const origin = status.local ? "local" : "remote";
  const media = status.hasMedia ? [true, false] : [false];
  return [
    ...media.flatMap((onlyMedia) => [streamChannels.public("all", onlyMedia), streamChannels.public(origin, onlyMedia)]),
    ...status.tags.flatMap((tag) => (status.local ? [streamChannels.hashtag(tag), streamChannels.hashtag(tag, true)] : [streamChannels.hashtag(tag)])),
  ];
}
