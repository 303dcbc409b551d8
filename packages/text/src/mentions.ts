// An @mention: a username (letters, digits, "_", with "." and "-" only inside) and optionally
// "@domain", not glued to a word character or a "/" before it (e-mail addresses, URL paths). The
// domain may end in ":port": Mastodon's never do, but an instance served on a port (tests, local
// runs) is known by such a domain and must be mentionable.
const MENTION = /(?<=^|[^/\p{L}\p{M}\p{Nd}\p{Pc}])@([a-z0-9_]+(?:[a-z0-9_.-]*[a-z0-9_])?)(?:@([\p{L}\p{M}\p{Nd}\p{Pc}.-]*[\p{L}\p{M}\p{Nd}\p{Pc}](?::\d{1,5}(?!\d))?))?/giu;

// Mastodon does not treat "@user@domain" as a mention when the domain is longer than a DNS name can be.
const MAX_DOMAIN_LENGTH = 253;

/** One @mention found in text. */
export interface MentionMatch {
  /** The username as typed. */
  username: string;
  /** The domain as typed; undefined for a bare `@user`. */
  domain: string | undefined;
  /** Offsets of the whole `@user@domain` in the searched segment. */
  start: number;
  end: number;
}

/** The @mentions in one plain-text segment (text outside URLs), in order. */
export function mentionMatches(segment: string): MentionMatch[] {
  return [...segment.matchAll(MENTION)].flatMap((m) => {
    const domain = m[2];
    if (domain !== undefined && domain.length > MAX_DOMAIN_LENGTH) return [];
    return [{ username: m[1]!, domain, start: m.index, end: m.index + m[0].length }];
  });
}

/**
 * The accounts mentioned in these plain-text segments as `user` or `user@domain`, each once
 * (ignoring case), in order of first mention. Which of them exist is for the caller to resolve.
 */
export function mentionedAccts(segments: readonly string[]): string[] {
  const found = new Map<string, string>();
  for (const segment of segments) {
    for (const m of mentionMatches(segment)) {
      const acct = m.domain === undefined ? m.username : `${m.username}@${m.domain}`;
      if (!found.has(acct.toLowerCase())) found.set(acct.toLowerCase(), acct);
    }
  }
  return [...found.values()];
}
