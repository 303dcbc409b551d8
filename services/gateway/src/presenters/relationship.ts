import type { Relationship } from "@starling/proto/accounts/v1/accounts";

/** Renders Mastodon's Relationship entity (reference §4.9). */
export function presentRelationship(r: Relationship): Record<string, unknown> {
  return {
    id: r.id,
    following: r.following,
    showing_reblogs: r.showingReblogs,
    notifying: r.notifying,
    languages: r.languages.length ? r.languages : null,
    followed_by: r.followedBy,
    blocking: r.blocking,
    blocked_by: r.blockedBy,
    muting: r.muting,
    muting_notifications: r.mutingNotifications,
    requested: r.requested,
    requested_by: r.requestedBy,
    domain_blocking: r.domainBlocking,
    endorsed: r.endorsed,
    note: r.note,
  };
}
