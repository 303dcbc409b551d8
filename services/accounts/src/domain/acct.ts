import { domainToASCII } from "node:url";

/** An account address: a username, with a domain for remote accounts (null for local ones). */
export interface Acct {
  username: string;
  domain: string | null;
}

const USERNAME = /^[a-z0-9_]+([a-z0-9_.-]+[a-z0-9_]+)?$/i;

/**
 * Reads `user`, `@user`, `user@domain` or `@user@domain`; a domain equal to the local one (either
 * spelling, Unicode or punycode) means local. Undefined when it is not an address.
 */
export function parseAcct(input: string, localDomain: string): Acct | undefined {
  const text = input.trim().replace(/^@/, "");
  const [username, domain, ...rest] = text.split("@");
  if (!username || rest.length > 0 || !USERNAME.test(username)) return undefined;
  if (domain === undefined) return { username, domain: null };
  const ascii = asciiHost(domain);
  if (!ascii) return undefined;
  return { username, domain: ascii === asciiHost(localDomain) ? null : ascii };
}

// A host with an optional port (LOCAL_DOMAIN may be "localhost:3000"), lower-cased and punycoded.
function asciiHost(host: string): string {
  const match = /^(.*?)(:\d+)?$/.exec(host.toLowerCase())!;
  const name = domainToASCII(match[1]!);
  return name ? name + (match[2] ?? "") : "";
}

/** `user@domain` for an alias or a move target, with the local domain spelled out. */
export function fullAcct(username: string, domain: string | null, localDomain: string): string {
  return `${username}@${domain ?? localDomain}`;
}
