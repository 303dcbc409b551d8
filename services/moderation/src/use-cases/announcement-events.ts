import { outboxEvent, type OutboxEvent } from "@starling/events";
import type { Announcement as AnnouncementMessage } from "@starling/proto/moderation/v1/announcements";
import type { Announcement, ReactionCount } from "../domain/announcement.ts";

/** What a viewer sees of an announcement besides the announcement itself. */
export interface AnnouncementView {
  announcement: Announcement;
  reactions: ReactionCount[];
  /** Absent without a viewer. */
  read?: boolean | undefined;
}

/** An announcement as its proto message: to the gateway and in events. */
export function announcementToProto({ announcement: a, reactions, read }: AnnouncementView): AnnouncementMessage {
  return {
    id: a.id,
    text: a.text,
    content: a.content,
    startsAt: a.startsAt,
    endsAt: a.endsAt,
    allDay: a.allDay,
    scheduledAt: a.scheduledAt,
    published: a.published,
    publishedAt: a.publishedAt,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
    read,
    mentions: a.mentions,
    tags: a.tags,
    emojis: a.emojis,
    reactions,
  };
}

/** announcement.published or .updated: streamed as `announcement`, without any viewer's state. */
export const announcementChanged = (type: "announcement.published" | "announcement.updated", view: AnnouncementView): OutboxEvent =>
  outboxEvent("moderation", type, view.announcement.id, { announcement: announcementToProto({ ...view, read: undefined, reactions: view.reactions.map((r) => ({ ...r, me: undefined })) }) });

/** announcement.reaction: the new total of one reaction (0 when the last one went). */
export const reactionChanged = (announcementId: string, reaction: Omit<ReactionCount, "me">): OutboxEvent =>
  outboxEvent("moderation", "announcement.reaction", announcementId, { announcementId, name: reaction.name, count: reaction.count, url: reaction.url, staticUrl: reaction.staticUrl });

/** announcement.deleted: streamed as `announcement.delete`. */
export const announcementDeleted = (announcementId: string): OutboxEvent => outboxEvent("moderation", "announcement.deleted", announcementId, { announcementId });
