import { domainToASCII } from "node:url";

/**
 * A host name as blocks store and compare it: trimmed, lower-case, without a trailing dot, IDNs in
 * Punycode. Undefined when it is not a host name (a URL, an address with a path, spaces, empty).
 */
export function normalizeDomain(input: string): string | undefined {
  const trimmed = input.trim().replace(/\.$/, "");
  if (trimmed === "" || /[\s/@:?#]/.test(trimmed)) return undefined;
  const ascii = domainToASCII(trimmed.toLowerCase());
  return ascii === "" ? undefined : ascii;
}

/** The domain and each parent of it, most specific first: a.b.example → a.b.example, b.example, example. */
export function domainAndParents(domain: string): string[] {
  const labels = domain.toLowerCase().split(".").filter(Boolean);
  return labels.map((_, i) => labels.slice(i).join("."));
}
