/** The viewer's relationship with one account (reference §4.9). */
export interface Relationship {
  id: string;
  following: boolean;
  showingReblogs: boolean;
  notifying: boolean;
  /** null means every language. */
  languages: string[] | null;
  followedBy: boolean;
  blocking: boolean;
  blockedBy: boolean;
  muting: boolean;
  mutingNotifications: boolean;
  requested: boolean;
  /** The account has a pending request to follow the viewer. */
  requestedBy: boolean;
  domainBlocking: boolean;
  endorsed: boolean;
  note: string;
}

/** The viewer's own edge to a target: a follow, a pending request, or nothing. */
export interface FollowEdge {
  showReblogs: boolean;
  notify: boolean;
  languages: string[] | null;
}

/** Blocks and mutes between the viewer and a target; a mute here is a live one (not run out). */
export interface BlockAndMuteEdges {
  blocking?: boolean;
  blockedBy?: boolean;
  mute?: { hideNotifications: boolean } | undefined;
  /** The target's domain is one the viewer blocks. */
  domainBlocking?: boolean;
}

/**
 * Assembles a relationship from the edges this slice knows; blocks, mutes, endorsements and notes
 * arrive with their issues and are false/"" until then. Reblogs and notify come from the follow or,
 * failing that, the pending request, as Mastodon shows them.
 */
export function buildRelationship(
  id: string,
  edges: { follow?: FollowEdge; request?: FollowEdge; followedBy: boolean; requestedBy?: boolean; endorsed?: boolean; note?: string } & BlockAndMuteEdges,
): Relationship {
  const edge = edges.follow ?? edges.request;
  return {
    id,
    following: edges.follow !== undefined,
    showingReblogs: edge?.showReblogs ?? false,
    notifying: edge?.notify ?? false,
    languages: edge?.languages ?? null,
    followedBy: edges.followedBy,
    blocking: edges.blocking ?? false,
    blockedBy: edges.blockedBy ?? false,
    muting: edges.mute !== undefined,
    mutingNotifications: edges.mute?.hideNotifications ?? false,
    requested: edges.follow === undefined && edges.request !== undefined,
    requestedBy: edges.requestedBy ?? false,
    domainBlocking: edges.domainBlocking ?? false,
    endorsed: edges.endorsed ?? false,
    note: edges.note ?? "",
  };
}
