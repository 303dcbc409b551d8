import { generateSecret, generateURI, verify } from "otplib";

/**
 * TOTP as authenticator apps expect it (RFC 6238: SHA-1, 6 digits, 30-second steps), accepting one
 * step of clock drift either way. Secrets are 20 random bytes in base32, as Mastodon generates them.
 */
const PERIOD_SECONDS = 30;
const DRIFT_SECONDS = PERIOD_SECONDS;

/** A fresh base32 TOTP secret. */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The otpauth:// URI an authenticator app scans, labelled `issuer:email`. */
export function provisioningUri(secret: string, issuer: string, email: string): string {
  return generateURI({ issuer, label: email, secret, period: PERIOD_SECONDS, digits: 6 });
}

/** Whether a string has the shape of a TOTP code (spaces, as apps display them, are ignored). */
export function looksLikeTotp(attempt: string): boolean {
  return /^\d{6}$/.test(normalizeCode(attempt));
}

/** A code as typed, without the spaces and dashes people copy along, lower-cased. */
export function normalizeCode(attempt: string): string {
  return attempt.replace(/[\s-]/g, "").toLowerCase();
}

/**
 * Checks a code at `now` and returns the time step it matched, or undefined. Steps at or before
 * `consumedStep` are refused, so a code that already let someone in cannot be used again.
 */
export async function verifyTotp(secret: string, attempt: string, now: Date, consumedStep: number | null): Promise<number | undefined> {
  if (!looksLikeTotp(attempt)) return undefined;
  const result = await verify({
    secret,
    token: normalizeCode(attempt),
    epoch: Math.floor(now.getTime() / 1000),
    period: PERIOD_SECONDS,
    epochTolerance: DRIFT_SECONDS,
    ...(consumedStep === null ? {} : { afterTimeStep: consumedStep }),
  });
  // The functional API types HOTP and TOTP results together; only TOTP results carry the step.
  return result.valid && "timeStep" in result ? result.timeStep : undefined;
}
