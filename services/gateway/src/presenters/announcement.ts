import type { Announcement } from "@starling/proto/moderation/v1/announcements";
import type { StreamMessage } from "@starling/proto/timelines/v1/stream_messages";
import { presentCustomEmoji } from "./custom-emoji.ts";
import { isoOrNull } from "./values.ts";

/**
 * Renders Mastodon's Announcement entity (reference §4.15): `read` and each reaction's `me` only
 * when the service answered for a viewer (the user routes; not stream events), custom emoji
 * reactions with their images. Announcements cite no statuses here, so `statuses` is empty.
 */
export function presentAnnouncement(baseUrl: string, a: Announcement): Record<string, unknown> {
  return {
    id: a.id,
    content: a.content,
    starts_at: isoOrNull(a.startsAt),
    ends_at: isoOrNull(a.endsAt),
    all_day: a.allDay,
    published_at: isoOrNull(a.publishedAt),
    updated_at: isoOrNull(a.updatedAt),
    ...(a.read === undefined ? {} : { read: a.read }),
    mentions: a.mentions.map((m) => ({ id: m.id, username: m.username, url: m.url, acct: m.acct })),
    statuses: [],
    tags: a.tags.map((name) => ({ name, url: `${baseUrl}/tags/${encodeURIComponent(name)}` })),
    emojis: a.emojis.map(presentCustomEmoji),
    reactions: a.reactions.map((r) => ({
      name: r.name,
      count: r.count,
      ...(r.me === undefined ? {} : { me: r.me }),
      ...(r.url === undefined ? {} : { url: r.url, static_url: r.staticUrl ?? r.url }),
    })),
  };
}

/** The staff view (beyond Mastodon 4.0): the entity plus the source text and the schedule. */
export function presentAdminAnnouncement(baseUrl: string, a: Announcement): Record<string, unknown> {
  return { ...presentAnnouncement(baseUrl, a), text: a.text, published: a.published, scheduled_at: isoOrNull(a.scheduledAt), created_at: isoOrNull(a.createdAt) };
}

/**
 * The payload of an `announcement` (the entity) or `announcement.reaction` stream event (Mastodon's
 * `{name, count, announcement_id}`, with the images of a custom emoji); undefined for other events.
 */
export function presentAnnouncementEvent(baseUrl: string, message: StreamMessage): string | undefined {
  if (message.event === "announcement" && message.announcement) return JSON.stringify(presentAnnouncement(baseUrl, message.announcement));
  const reaction = message.event === "announcement.reaction" ? message.announcementReaction : undefined;
  if (!reaction) return undefined;
  const images = reaction.url === undefined ? {} : { url: reaction.url, static_url: reaction.staticUrl ?? reaction.url };
  return JSON.stringify({ name: reaction.name, count: reaction.count, ...images, announcement_id: reaction.announcementId });
}
