import { createHash } from "node:crypto";

/**
 * An address as canonical e-mail blocks compare it, as Mastodon does: lower-case, and in the local
 * part dots removed and everything from the first `+` dropped, so `J.Doe+spam@Example.com` and
 * `jdoe@example.com` are one person. Mastodon applies this to every domain, not only to providers
 * that ignore dots; so do we, or a block made there would not match here.
 */
export function canonicalEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.indexOf("@");
  const [local, domain] = at < 0 ? [lower, ""] : [lower.slice(0, at), lower.slice(at + 1)];
  const stripped = local.replaceAll(".", "").split("+", 1)[0]!;
  return `${stripped}@${domain}`;
}

/** SHA-256 hex of the canonical address: what a canonical e-mail block stores instead of the address. */
export function canonicalEmailHash(email: string): string {
  return createHash("sha256").update(canonicalEmail(email)).digest("hex");
}

/** Whether a value is a SHA-256 hex digest as canonical e-mail blocks store them. */
export const isCanonicalEmailHash = (value: string): boolean => /^[0-9a-f]{64}$/.test(value);
