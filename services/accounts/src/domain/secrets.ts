import { createHash, randomBytes } from "node:crypto";

/** 32 random bytes as base64url: 43 characters, like Doorkeeper's client ids, secrets and tokens. */
export function randomSecret(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * The form a bearer token is stored in. A plain sha256 is enough: tokens are 256 random bits, so
 * there is nothing to brute-force, and lookups stay a single indexed equality.
 */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
