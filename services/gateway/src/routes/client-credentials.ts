/**
 * Client authentication of the token and revocation endpoints (RFC 6749 §2.3.1): HTTP Basic first,
 * as Doorkeeper reads it, then client_id and client_secret among the parameters (absent when not there).
 */
export function clientCredentials(
  headers: Record<string, string | string[] | undefined>,
  params: { client_id?: string | undefined; client_secret?: string | undefined },
): { clientId?: string | undefined; clientSecret?: string | undefined } {
  const header = headers.authorization;
  const match = typeof header === "string" ? /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header) : null;
  if (match) {
    const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon > 0) return { clientId: formDecode(decoded.slice(0, colon)), clientSecret: formDecode(decoded.slice(colon + 1)) };
  }
  return { clientId: params.client_id, clientSecret: params.client_secret };
}

// The RFC has clients form-encode both parts before Base64; ours are base64url and unaffected, but
// a client that encodes must still match. A malformed escape is taken literally.
function formDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, " "));
  } catch {
    return value;
  }
}
