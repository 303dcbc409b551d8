/**
 * OAuth scopes as Mastodon 4.0.2 registers them (reference §2.1). Mastodon does not expand scopes:
 * endpoints list every acceptable scope, so here a scope set is just a set of registered names.
 */

/** The 36 scopes Mastodon 4.0.2 registers, in its order. */
export const SCOPES = [
  "read",
  "read:accounts",
  "read:blocks",
  "read:bookmarks",
  "read:favourites",
  "read:filters",
  "read:follows",
  "read:lists",
  "read:mutes",
  "read:notifications",
  "read:search",
  "read:statuses",
  "write",
  "write:accounts",
  "write:blocks",
  "write:bookmarks",
  "write:conversations",
  "write:favourites",
  "write:filters",
  "write:follows",
  "write:lists",
  "write:media",
  "write:mutes",
  "write:notifications",
  "write:reports",
  "write:statuses",
  "follow",
  "push",
  "admin:read",
  "admin:read:accounts",
  "admin:read:reports",
  "admin:write",
  "admin:write:accounts",
  "admin:write:reports",
  "crypto",
] as const;

/** A registered scope name. */
export type Scope = (typeof SCOPES)[number];

/** Applies when an app or a token request names no scope. */
export const DEFAULT_SCOPES: readonly Scope[] = ["read"];

const registered = new Set<string>(SCOPES);

/** The outcome of parsing a scope string: the scopes, or the names that are not registered. */
export type ParsedScopes = { ok: true; scopes: Scope[] } | { ok: false; unknown: string[] };

/**
 * Parses a space-separated scope string (as sent to /api/v1/apps and /oauth/token). Blank means the
 * default; duplicates collapse; any unregistered name makes the whole string invalid, because
 * Mastodon runs with `enforce_configured_scopes`.
 */
export function parseScopes(input: string | undefined): ParsedScopes {
  const names = [...new Set((input ?? "").split(/\s+/).filter((s) => s !== ""))];
  if (names.length === 0) return { ok: true, scopes: [...DEFAULT_SCOPES] };
  const unknown = names.filter((n) => !registered.has(n));
  if (unknown.length > 0) return { ok: false, unknown };
  return { ok: true, scopes: names as Scope[] };
}

/** Whether every requested scope is among the granted ones (exact names, no expansion). */
export function isSubsetOf(requested: readonly string[], granted: readonly string[]): boolean {
  const allowed = new Set(granted);
  return requested.every((s) => allowed.has(s));
}
