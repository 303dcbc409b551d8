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

/**
 * Assembles a relationship from the edges this slice knows; blocks, mutes, endorsements and notes
 * arrive with their issues and are false/"" until then. Reblogs and notify come from the follow or,
 * failing that, the pending request, as Mastodon shows them.
 */
export function buildRelationship(id: string, edges: { follow?: FollowEdge; request?: FollowEdge; followedBy: boolean }): Relationship {
  const edge = edges.follow ?? edges.request;
  return {
    id,
    following: edges.follow !== undefined,
    showingReblogs: edge?.showReblogs ?? false,
    notifying: edge?.notify ?? false,
    languages: edge?.languages ?? null,
    followedBy: edges.followedBy,
    blocking: false,
    blockedBy: false,
    muting: false,
    mutingNotifications: false,
    requested: edges.follow === undefined && edges.request !== undefined,
    domainBlocking: false,
    endorsed: false,
    note: "",
  };
}
