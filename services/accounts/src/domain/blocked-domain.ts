import { domainToUnicode } from "node:url";

/** Why a domain a user wants to block was refused. */
export class InvalidDomain extends Error {}

// The longest DNS name; anything longer cannot be a server's domain.
const MAX_LENGTH = 253;

/**
 * The form user domain blocks are stored and compared in: trimmed, lower-case Unicode (an IDN in
 * punycode becomes its Unicode form), with an optional port kept, as remote account domains are.
 * Throws {@link InvalidDomain} for a blank or malformed domain, or the server's own.
 */
export function normalizeBlockedDomain(raw: string, localDomain: string): string {
  const trimmed = raw.trim().replace(/\.$/, "");
  if (trimmed === "") throw new InvalidDomain("Validation failed: Domain can't be blank");
  const match = /^([^:/\s@]+)(:\d{1,5})?$/.exec(trimmed);
  const host = match && domainToUnicode(match[1]!.toLowerCase());
  if (!match || !host || trimmed.length > MAX_LENGTH) throw new InvalidDomain("Validation failed: Domain is invalid");
  const domain = `${host}${match[2] ?? ""}`;
  // The own server is refused with or without its port: a port does not make it another server.
  const ownHost = domainToUnicode(localDomain.toLowerCase().replace(/:\d+$/, ""));
  if (host === ownHost) throw new InvalidDomain("Validation failed: Domain is this server's own");
  return domain;
}
