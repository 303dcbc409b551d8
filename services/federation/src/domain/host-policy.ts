/** What the moderation service's blocks and allows say about one remote server. */
export interface HostPolicy {
  /** A suspend block covers it: nothing is taken from it or sent to it. */
  suspended: boolean;
  /** A silence block covers it: its accounts stay off public timelines. */
  silenced: boolean;
  /** Its media files are not cached (reject_media, or suspended). */
  rejectMedia: boolean;
  /** Its reports (Flags) are dropped. */
  rejectReports: boolean;
  /** An allow covers it (what limited-federation mode federates with). */
  allowed: boolean;
}

/**
 * Whether federation refuses a server: suspended, or in limited-federation mode not allowed, as
 * Mastodon's limited federation mode talks only to the servers staff allowed.
 */
export function federationRefused(policy: HostPolicy, limitedFederation: boolean): boolean {
  return policy.suspended || (limitedFederation && !policy.allowed);
}
