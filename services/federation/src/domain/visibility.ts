/** Who may see a status, in the Mastodon API's words. */
export type Visibility = "public" | "unlisted" | "private" | "direct";

// ActivityStreams' public collection, in the three spellings compacted JSON-LD may leave it in.
const PUBLIC = new Set(["https://www.w3.org/ns/activitystreams#Public", "as:Public", "Public"]);

/**
 * A remote status's visibility from its addressing, as Mastodon reads it: the public collection
 * in `to` makes it public, in `cc` unlisted; otherwise the author's followers collection in `to`
 * or `cc` makes it followers-only; anything else reached only the actors it names.
 */
export function visibilityFromAudience(audience: { to: readonly string[]; cc: readonly string[] }, followersUrl: string | null): Visibility {
  if (audience.to.some((uri) => PUBLIC.has(uri))) return "public";
  if (audience.cc.some((uri) => PUBLIC.has(uri))) return "unlisted";
  if (followersUrl && (audience.to.includes(followersUrl) || audience.cc.includes(followersUrl))) return "private";
  return "direct";
}
