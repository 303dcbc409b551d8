import { failedPrecondition, type Viewer } from "@starling/runtime";
import { newTotpSecret, provisioningUri } from "../domain/two-factor.ts";
import { findAccount } from "../data/accounts-queries.ts";
import { findTwoFactorSecret, savePendingSecret } from "../data/two-factor-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { viewerUser } from "./viewer-user.ts";

/** A secret waiting for its first code. */
export interface PendingTwoFactor {
  secret: string;
  provisioningUri: string;
}

/**
 * Starts 2FA set-up: a fresh secret replaces any earlier pending one, and nothing changes for
 * sign-in until EnableTwoFactor confirms a code from it.
 */
export async function setUpTwoFactor(deps: AccountsDeps, viewer: Viewer | undefined): Promise<PendingTwoFactor> {
  const user = await viewerUser(deps, viewer);
  if ((await findTwoFactorSecret(deps.db, user.id))?.enabledAt) throw failedPrecondition("Two-factor authentication is already enabled");
  const account = await findAccount(deps.db, user.accountId);
  const username = account?.username ?? user.email;
  const secret = newTotpSecret();
  await deps.db.transaction((trx) => savePendingSecret(deps.db, trx, user.id, secret, deps.now()));
  // The issuer is this server's domain, which is the host of every local profile URL.
  const issuer = new URL(deps.urls.profileUrl(username)).host;
  return { secret, provisioningUri: provisioningUri(secret, issuer, username) };
}
