/**
 * Proof Key for Code Exchange (RFC 7636). The challenge is stored with the authorization code and
 * the token request must present the verifier it was made from.
 */
import { createHash, timingSafeEqual } from "node:crypto";

/** The methods accepted: S256 (what clients use and the metadata advertises) and plain (RFC 7636 §4.2). */
export const PKCE_METHODS = ["S256", "plain"] as const;
export type PkceMethod = (typeof PKCE_METHODS)[number];

// RFC 7636 §4.1: 43 to 128 unreserved characters; an S256 challenge is 43 base64url characters.
const CODE_TOKEN = /^[A-Za-z0-9\-._~]{43,128}$/;

/** A checked challenge, or why the client's PKCE parameters are refused. */
export type ParsedChallenge = { ok: true; challenge: { value: string; method: PkceMethod } | null } | { ok: false; problem: "method" | "challenge" };

/** Reads code_challenge and code_challenge_method; no challenge means the client does not use PKCE. */
export function parseChallenge(challenge: string | undefined, method: string | undefined): ParsedChallenge {
  if (challenge === undefined) return method === undefined ? { ok: true, challenge: null } : { ok: false, problem: "challenge" };
  // RFC 7636 §4.3: a challenge without a method is plain.
  const chosen = method ?? "plain";
  if (!(PKCE_METHODS as readonly string[]).includes(chosen)) return { ok: false, problem: "method" };
  if (!CODE_TOKEN.test(challenge)) return { ok: false, problem: "challenge" };
  return { ok: true, challenge: { value: challenge, method: chosen as PkceMethod } };
}

/** Whether a code_verifier answers the stored challenge. */
export function verifierMatches(challenge: { value: string; method: PkceMethod }, verifier: string): boolean {
  if (!CODE_TOKEN.test(verifier)) return false;
  const derived = challenge.method === "S256" ? createHash("sha256").update(verifier).digest("base64url") : verifier;
  const a = Buffer.from(derived);
  const b = Buffer.from(challenge.value);
  return a.length === b.length && timingSafeEqual(a, b);
}
