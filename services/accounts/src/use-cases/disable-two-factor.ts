import { failedPrecondition, invalidArgument, type Viewer } from "@starling/runtime";
import { verifyPassword } from "../domain/password-hash.ts";
import { deleteTwoFactor, findTwoFactorSecret } from "../data/two-factor-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { verifySecondFactor } from "./verify-second-factor.ts";
import { viewerUser } from "./viewer-user.ts";

/** What proves it is really the user turning 2FA off: a code, or else the password. */
export interface DisableTwoFactorInput {
  otpAttempt?: string | undefined;
  password?: string | undefined;
}

/** Turns 2FA off and forgets the secret and the recovery codes. */
export async function disableTwoFactor(deps: AccountsDeps, viewer: Viewer | undefined, input: DisableTwoFactorInput): Promise<void> {
  const user = await viewerUser(deps, viewer);
  if (!(await findTwoFactorSecret(deps.db, user.id))?.enabledAt) throw failedPrecondition("Two-factor authentication is not enabled");
  const proven =
    input.otpAttempt !== undefined
      ? (await verifySecondFactor(deps, user.id, input.otpAttempt)) !== undefined
      : input.password !== undefined && (await verifyPassword(input.password, user.passwordHash));
  if (!proven) throw invalidArgument("Invalid two-factor code or password");
  await deps.db.transaction((trx) => deleteTwoFactor(deps.db, trx, user.id));
}
