import { normalizeCode, verifyTotp } from "../domain/two-factor.ts";
import { matchRecoveryCode } from "../domain/recovery-codes.ts";
import { consumeTimestep, findTwoFactorSecret, unusedRecoveryCodes, useRecoveryCode } from "../data/two-factor-queries.ts";
import type { AccountsDeps } from "./deps.ts";

/** How a second factor was proven. */
export type SecondFactorMethod = "otp" | "recovery_code";

/** Whether the user has two-factor authentication in force (not merely set up). */
export async function hasTwoFactor(deps: AccountsDeps, userId: string): Promise<boolean> {
  return Boolean((await findTwoFactorSecret(deps.db, userId))?.enabledAt);
}

/**
 * Checks a TOTP code or a recovery code of a user with 2FA enabled and uses it up: the TOTP step
 * may not be used again and the recovery code is spent. Returns how it was proven, or undefined
 * for a wrong, replayed or spent code.
 */
export async function verifySecondFactor(deps: AccountsDeps, userId: string, attempt: string): Promise<SecondFactorMethod | undefined> {
  const stored = await findTwoFactorSecret(deps.db, userId);
  if (!stored?.enabledAt) return undefined;
  const code = normalizeCode(attempt);
  const step = await verifyTotp(stored.secret, code, deps.now(), stored.consumedTimestep);
  if (step !== undefined) return (await deps.db.transaction((trx) => consumeTimestep(deps.db, trx, userId, step))) ? "otp" : undefined;
  const unused = await unusedRecoveryCodes(deps.db, userId);
  const index = await matchRecoveryCode(code, unused.map((c) => c.codeHash));
  if (index < 0) return undefined;
  return (await deps.db.transaction((trx) => useRecoveryCode(deps.db, trx, unused[index]!.id, deps.now()))) ? "recovery_code" : undefined;
}
