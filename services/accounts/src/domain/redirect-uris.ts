/**
 * Redirect URI rules of Doorkeeper 5.6 as Mastodon 4.0 configures them: HTTPS is not enforced, the
 * out-of-band URI is allowed, and schemes that run code in a browser are refused.
 */

/** The out-of-band URI: the code is shown to the user instead of redirected. */
export const OOB_REDIRECT_URI = "urn:ietf:wg:oauth:2.0:oob";

const FORBIDDEN_SCHEMES = new Set(["data", "javascript", "vbscript"]);
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
/** Mastodon's column limit on the whole redirect_uri field. */
export const MAX_REDIRECT_URIS_LENGTH = 2000;

/** Why one redirect URI is refused, or undefined when it is acceptable. */
export function redirectUriProblem(uri: string): string | undefined {
  if (uri === OOB_REDIRECT_URI) return undefined;
  const scheme = SCHEME.exec(uri)?.[1]?.toLowerCase();
  // Doorkeeper wants an absolute URI: a scheme, and something after it. Native apps use custom
  // schemes without "//" (com.tapbots.Ivory.10217:/request_token), which are absolute too.
  if (!scheme || uri.length === scheme.length + 1) return "must be an absolute URI.";
  if (FORBIDDEN_SCHEMES.has(scheme)) return "is forbidden by the server.";
  if (/\s/.test(uri)) return "must be an absolute URI.";
  if (uri.includes("#")) return "cannot contain a fragment.";
  try {
    new URL(uri);
  } catch {
    return "must be an absolute URI.";
  }
  return undefined;
}

/** The outcome of reading the newline-separated redirect_uris field. */
export type ParsedRedirectUris = { ok: true; uris: string[] } | { ok: false; message: string };

/** Splits and checks the redirect_uris field; messages read like Mastodon's validation errors. */
export function parseRedirectUris(input: string): ParsedRedirectUris {
  const uris = input
    .split(/\r?\n/)
    .map((u) => u.trim())
    .filter((u) => u !== "");
  if (uris.length === 0) return { ok: false, message: "Redirect URI can't be blank" };
  if (input.length > MAX_REDIRECT_URIS_LENGTH) return { ok: false, message: `Redirect URI is too long (maximum is ${MAX_REDIRECT_URIS_LENGTH} characters)` };
  for (const uri of uris) {
    const problem = redirectUriProblem(uri);
    if (problem) return { ok: false, message: `Redirect URI ${problem}` };
  }
  return { ok: true, uris };
}
