import { failedPrecondition, invalidArgument, type Viewer } from "@starling/runtime";
import { hashRecoveryCode, newRecoveryCodes } from "../domain/recovery-codes.ts";
import { verifyTotp } from "../domain/two-factor.ts";
import { consumeTimestep, findTwoFactorSecret, markSecretEnabled, replaceRecoveryCodes } from "../data/two-factor-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { viewerUser } from "./viewer-user.ts";

/** The message of a wrong code, at set-up and at sign-in. */
export const INVALID_CODE = "Invalid two-factor code";

/**
 * Turns 2FA on once the user proves their app holds the pending secret, and hands out ten recovery
 * codes; the code used here cannot be used again to sign in.
 */
export async function enableTwoFactor(deps: AccountsDeps, viewer: Viewer | undefined, code: string): Promise<string[]> {
  const user = await viewerUser(deps, viewer);
  const pending = await findTwoFactorSecret(deps.db, user.id);
  if (!pending) throw failedPrecondition("Set up two-factor authentication first");
  if (pending.enabledAt) throw failedPrecondition("Two-factor authentication is already enabled");
  const step = await verifyTotp(pending.secret, code, deps.now(), pending.consumedTimestep);
  if (step === undefined) throw invalidArgument(INVALID_CODE);
  const codes = newRecoveryCodes();
  const hashed = await Promise.all(codes.map(async (c) => ({ id: deps.newId(), codeHash: await hashRecoveryCode(c) })));
  await deps.db.transaction(async (trx) => {
    if (!(await consumeTimestep(deps.db, trx, user.id, step))) throw invalidArgument(INVALID_CODE);
    await markSecretEnabled(deps.db, trx, user.id, deps.now());
    await replaceRecoveryCodes(deps.db, trx, user.id, hashed);
  });
  return codes;
}
