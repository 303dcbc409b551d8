import { AccountCreated, AccountSuspended, AccountUnsuspended, FollowAccepted, FollowRejected, FollowRemoved, FollowRequested } from "@starling/proto/accounts/v1/events";
import { StatusCreated, StatusDeleted } from "@starling/proto/statuses/v1/events";
import { ConversationMuted, ConversationUnmuted, PollEnded, PollVoted } from "@starling/proto/statuses/v1/events";
import { StatusUpdated } from "@starling/proto/statuses/v1/events";
import { MediaProcessed } from "@starling/proto/media/v1/events";
import { CardCreated } from "@starling/proto/media/v1/events";
import { AccountMoved, AccountStatsChanged, AccountUpdated } from "@starling/proto/accounts/v1/events";
import { BlockCreated, BlockRemoved, DomainBlockCreated, DomainBlockRemoved, MuteCreated, MuteRemoved, TokenRevoked } from "@starling/proto/accounts/v1/events";
import { UserSignedUp } from "@starling/proto/accounts/v1/events";
import { AccountDeleted, AccountRestricted } from "@starling/proto/accounts/v1/events";
import { FavouriteCreated, FavouriteDeleted, ReblogCreated, ReblogDeleted, StatusPinned, StatusUnpinned } from "@starling/proto/statuses/v1/interaction_events";
import { NotificationCreated } from "@starling/proto/timelines/v1/notification_events";
import { FiltersChanged } from "@starling/proto/timelines/v1/filter_events";
import { AdminDomainBlockChanged, AdminDomainBlockRemoved, CanonicalEmailBlockChanged, DomainAllowChanged, EmailDomainBlockChanged, IpBlockChanged } from "@starling/proto/moderation/v1/block_events";
import { AppealCreated, AppealResolved, ReportCreated, ReportForwarded, StrikeCreated } from "@starling/proto/moderation/v1/events";
import { AnnouncementChanged, AnnouncementDeleted, AnnouncementReactionChanged } from "@starling/proto/moderation/v1/announcements";
import { UserActive, UserSignedIn } from "@starling/proto/accounts/v1/events";
import { AccountRoleChanged, RoleUpdated } from "@starling/proto/accounts/v1/events";
import { InstanceSettingsUpdated, ReportUpdated } from "@starling/proto/moderation/v1/events";
import { TrendsReviewRequested } from "@starling/proto/trends/v1/events";
import { BookmarkCreated, BookmarkRemoved } from "@starling/proto/statuses/v1/interaction_events";
import type { EventEnvelope } from "./event-bus.ts";

/** One topic per owning service and contract version. */
export const TOPICS = {
  accounts: "starling.accounts.v1",
  statuses: "starling.statuses.v1",
  media: "starling.media.v1",
  timelines: "starling.timelines.v1",
  moderation: "starling.moderation.v1",
  trends: "starling.trends.v1",
} as const;

interface Codec<T> {
  encode(message: T): { finish(): Uint8Array };
  decode(input: Uint8Array): T;
}

const entry = <T>(topic: string, codec: Codec<T>) => ({ topic, version: 1, codec });

/**
 * Every event type Starling publishes: its topic, payload version and proto codec. Publishers and
 * consumers both go through this table, so a type cannot be sent on the wrong topic or decoded
 * with the wrong message.
 */
export const EVENT_CATALOG = {
  "account.created": entry(TOPICS.accounts, AccountCreated),
  "follow.accepted": entry(TOPICS.accounts, FollowAccepted),
  "follow.removed": entry(TOPICS.accounts, FollowRemoved),
  "follow.requested": entry(TOPICS.accounts, FollowRequested),
  "follow.rejected": entry(TOPICS.accounts, FollowRejected),
  "account.updated": entry(TOPICS.accounts, AccountUpdated),
  "account.stats_changed": entry(TOPICS.accounts, AccountStatsChanged),
  "account.moved": entry(TOPICS.accounts, AccountMoved),
  "account.suspended": entry(TOPICS.accounts, AccountSuspended),
  "account.unsuspended": entry(TOPICS.accounts, AccountUnsuspended),
  "account.deleted": entry(TOPICS.accounts, AccountDeleted),
  "account.restricted": entry(TOPICS.accounts, AccountRestricted),
  "block.created": entry(TOPICS.accounts, BlockCreated),
  "block.removed": entry(TOPICS.accounts, BlockRemoved),
  "token.revoked": entry(TOPICS.accounts, TokenRevoked),
  "domain_block.created": entry(TOPICS.accounts, DomainBlockCreated),
  "domain_block.removed": entry(TOPICS.accounts, DomainBlockRemoved),
  "mute.created": entry(TOPICS.accounts, MuteCreated),
  "mute.removed": entry(TOPICS.accounts, MuteRemoved),
  "user.signed_up": entry(TOPICS.accounts, UserSignedUp),
  "status.created": entry(TOPICS.statuses, StatusCreated),
  "status.deleted": entry(TOPICS.statuses, StatusDeleted),
  "reblog.created": entry(TOPICS.statuses, ReblogCreated),
  "reblog.deleted": entry(TOPICS.statuses, ReblogDeleted),
  "favourite.created": entry(TOPICS.statuses, FavouriteCreated),
  "favourite.deleted": entry(TOPICS.statuses, FavouriteDeleted),
  "status.pinned": entry(TOPICS.statuses, StatusPinned),
  "status.unpinned": entry(TOPICS.statuses, StatusUnpinned),
  "poll.voted": entry(TOPICS.statuses, PollVoted),
  "poll.ended": entry(TOPICS.statuses, PollEnded),
  "conversation.muted": entry(TOPICS.statuses, ConversationMuted),
  "conversation.unmuted": entry(TOPICS.statuses, ConversationUnmuted),
  "status.updated": entry(TOPICS.statuses, StatusUpdated),
  "media.processed": entry(TOPICS.media, MediaProcessed),
  "card.created": entry(TOPICS.media, CardCreated),
  "notification.created": entry(TOPICS.timelines, NotificationCreated),
  "filters.changed": entry(TOPICS.timelines, FiltersChanged),
  "admin_domain_block.created": entry(TOPICS.moderation, AdminDomainBlockChanged),
  "admin_domain_block.updated": entry(TOPICS.moderation, AdminDomainBlockChanged),
  "admin_domain_block.removed": entry(TOPICS.moderation, AdminDomainBlockRemoved),
  "domain_allow.created": entry(TOPICS.moderation, DomainAllowChanged),
  "domain_allow.removed": entry(TOPICS.moderation, DomainAllowChanged),
  "ip_block.created": entry(TOPICS.moderation, IpBlockChanged),
  "ip_block.updated": entry(TOPICS.moderation, IpBlockChanged),
  "ip_block.removed": entry(TOPICS.moderation, IpBlockChanged),
  "email_domain_block.created": entry(TOPICS.moderation, EmailDomainBlockChanged),
  "email_domain_block.removed": entry(TOPICS.moderation, EmailDomainBlockChanged),
  "canonical_email_block.created": entry(TOPICS.moderation, CanonicalEmailBlockChanged),
  "canonical_email_block.removed": entry(TOPICS.moderation, CanonicalEmailBlockChanged),
  "report.created": entry(TOPICS.moderation, ReportCreated),
  "report.forwarded": entry(TOPICS.moderation, ReportForwarded),
  "strike.created": entry(TOPICS.moderation, StrikeCreated),
  "appeal.resolved": entry(TOPICS.moderation, AppealResolved),
  "announcement.published": entry(TOPICS.moderation, AnnouncementChanged),
  "announcement.updated": entry(TOPICS.moderation, AnnouncementChanged),
  "announcement.reaction": entry(TOPICS.moderation, AnnouncementReactionChanged),
  "announcement.deleted": entry(TOPICS.moderation, AnnouncementDeleted),
  "user.signed_in": entry(TOPICS.accounts, UserSignedIn),
  "appeal.created": entry(TOPICS.moderation, AppealCreated),
  "role.updated": entry(TOPICS.accounts, RoleUpdated),
  "account.role_changed": entry(TOPICS.accounts, AccountRoleChanged),
  "report.updated": entry(TOPICS.moderation, ReportUpdated),
  "instance_settings.updated": entry(TOPICS.moderation, InstanceSettingsUpdated),
  "trends.review_requested": entry(TOPICS.trends, TrendsReviewRequested),
  "bookmark.created": entry(TOPICS.statuses, BookmarkCreated),
  "bookmark.removed": entry(TOPICS.statuses, BookmarkRemoved),
  "user.active": entry(TOPICS.accounts, UserActive),
} as const;

/** A known event type such as `status.created`. */
export type EventType = keyof typeof EVENT_CATALOG;

/** The payload message of an event type. */
export type PayloadOf<T extends EventType> = ReturnType<(typeof EVENT_CATALOG)[T]["codec"]["decode"]>;

/** Whether an envelope's type is one this build knows (consumers ignore the others). */
export function isKnownEventType(type: string): type is EventType {
  return Object.hasOwn(EVENT_CATALOG, type);
}

/** Encodes a payload for an event type. */
export function encodePayload<T extends EventType>(type: T, payload: PayloadOf<T>): Uint8Array {
  const codec = EVENT_CATALOG[type].codec as Codec<PayloadOf<T>>;
  return codec.encode(payload).finish();
}

/** Decodes an envelope's payload as its declared type. */
export function decodePayload<T extends EventType>(type: T, envelope: EventEnvelope): PayloadOf<T> {
  const codec = EVENT_CATALOG[type].codec as Codec<PayloadOf<T>>;
  return codec.decode(envelope.payload);
}

/** Typed handlers by event type; a consumer lists only the types it cares about. */
export type EventHandlers<Extra> = { [T in EventType]?: (payload: PayloadOf<T>, envelope: EventEnvelope, extra: Extra) => Promise<void> };

/**
 * Calls the handler for an envelope's type with its decoded payload. Returns false, doing nothing,
 * for types without a handler, including types newer than this build.
 */
export async function dispatchEvent<Extra>(handlers: EventHandlers<Extra>, envelope: EventEnvelope, extra: Extra): Promise<boolean> {
  if (!isKnownEventType(envelope.type)) return false;
  const handler = handlers[envelope.type] as ((p: unknown, e: EventEnvelope, x: Extra) => Promise<void>) | undefined;
  if (!handler) return false;
  await handler(decodePayload(envelope.type, envelope), envelope, extra);
  return true;
}
