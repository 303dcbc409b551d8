import type { Viewer } from "@starling/runtime";
import { findTwoFactorSecret, unusedRecoveryCodes } from "../data/two-factor-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { viewerUser } from "./viewer-user.ts";

/** Whether the viewer has 2FA in force and how many recovery codes remain. */
export async function getTwoFactorStatus(deps: AccountsDeps, viewer: Viewer | undefined): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
  const user = await viewerUser(deps, viewer);
  const enabled = Boolean((await findTwoFactorSecret(deps.db, user.id))?.enabledAt);
  return { enabled, recoveryCodesLeft: enabled ? (await unusedRecoveryCodes(deps.db, user.id)).length : 0 };
}
