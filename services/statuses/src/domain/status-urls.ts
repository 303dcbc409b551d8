/** Where this instance serves its pages: `https://example.org`, or `http://...` in tests. */
export function baseUrl(domain: string, https: boolean): string {
  return `${https ? "https" : "http"}://${domain}`;
}

/** A local status's ActivityPub id and HTML page, as Mastodon builds them. */
export function localStatusUrls(base: string, username: string, statusId: string): { uri: string; url: string } {
  return {
    uri: `${base}/users/${username}/statuses/${statusId}`,
    url: `${base}/@${username}/${statusId}`,
  };
}

/** The page of a hashtag on this instance, for the name as written or normalized. */
export function tagUrl(base: string, name: string): string {
  return `${base}/tags/${encodeURIComponent(name)}`;
}
