import { randomBytes } from "node:crypto";
import { hashPassword, verifyPassword } from "./password-hash.ts";

/** How many recovery codes 2FA hands out, as Mastodon does. */
export const RECOVERY_CODE_COUNT = 10;

/** Ten fresh codes of ten hex digits each, shown to the user once. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => randomBytes(5).toString("hex"));
}

/** Whether an attempt has the shape of a recovery code (so TOTP-looking input skips the slow check). */
export function looksLikeRecoveryCode(attempt: string): boolean {
  return /^[0-9a-f]{10}$/.test(attempt);
}

/**
 * Recovery codes are stored like passwords (scrypt): forty bits is little enough that a plain hash
 * of a leaked table could be reversed.
 */
export const hashRecoveryCode = hashPassword;

/** The index of the stored hash the code matches, or -1. Checks all of them in parallel. */
export async function matchRecoveryCode(attempt: string, hashes: string[]): Promise<number> {
  if (!looksLikeRecoveryCode(attempt)) return -1;
  const results = await Promise.all(hashes.map((hash) => verifyPassword(attempt, hash)));
  return results.indexOf(true);
}
