import { createHash } from "node:crypto";

/**
 * A blocked domain as the public list shows it when staff chose to obfuscate it, as Mastodon does:
 * the middle half of its characters, dots kept, become `*` (`s*******.example` style), so people
 * who know the name recognise it and others cannot read it.
 */
export function obfuscatedDomain(domain: string): string {
  const visible = Math.floor(domain.length / 4);
  return [...domain].map((c, i) => (i > visible && i < domain.length - visible && c !== "." ? "*" : c)).join("");
}

/** SHA-256 hex of the real domain, which the public list carries so other servers can match it. */
export const domainDigest = (domain: string): string => createHash("sha256").update(domain).digest("hex");

/** Who may read the public list of domain blocks (SHOW_DOMAIN_BLOCKS). */
export type DomainBlocksAudience = "all" | "users" | "staff";
