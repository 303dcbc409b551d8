import { domainToASCII } from "node:url";

/**
 * A host name as blocks store and compare it: trimmed, lower-case, without a trailing dot, IDNs in
 * Punycode, a port kept (servers on test and development machines are told apart by it, and
 * account domains carry it). Undefined when it is not a host (a URL, a path, spaces, empty).
 */
export function normalizeDomain(input: string): string | undefined {
  const [, name, port] = /^([^\s/@:?#]+?)\.?(?::(\d{1,5}))?$/.exec(input.trim()) ?? [];
  if (!name) return undefined;
  const ascii = domainToASCII(name.toLowerCase());
  if (ascii === "") return undefined;
  return port === undefined ? ascii : `${ascii}:${port}`;
}

/**
 * The host and each parent of it, most specific first, as a block on a domain covers its
 * subdomains: a.b.example → a.b.example, b.example, example. A host with a port is matched with
 * the port first, then as its name: a block on `example` covers `example:8443` too.
 */
export function domainAndParents(host: string): string[] {
  const lower = host.toLowerCase();
  const [name = "", port] = lower.split(":", 2);
  const labels = name.split(".").filter(Boolean);
  const parents = labels.map((_, i) => labels.slice(i).join("."));
  return port === undefined ? parents : [lower, ...parents];
}
