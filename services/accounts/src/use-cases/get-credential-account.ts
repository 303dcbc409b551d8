import { unauthenticated, type Viewer } from "@starling/runtime";
import type { Account } from "../domain/account.ts";
import { roleView, type RoleView } from "../domain/roles.ts";
import { findAccount } from "../data/accounts-queries.ts";
import { countRequestsTo } from "../data/follows-queries.ts";
import { findUserByAccountId } from "../data/users-queries.ts";
import type { AccountsDeps } from "./deps.ts";

/** The settings verify_credentials shows only to the account itself. */
export interface AccountSource {
  privacy: string;
  sensitive: boolean;
  language: string;
  /** Plain text. */
  note: string;
  followRequestsCount: number;
}

/** Mastodon stops counting pending requests here. */
const FOLLOW_REQUESTS_COUNT_LIMIT = 40;

/** The viewer's own account with its source settings and role. */
export async function getCredentialAccount(deps: AccountsDeps, viewer: Viewer | undefined): Promise<{ account: Account; source: AccountSource; role: RoleView }> {
  if (!viewer?.accountId) throw unauthenticated("This method requires an authenticated user");
  const account = await findAccount(deps.db, viewer.accountId);
  if (!account) throw unauthenticated();
  const user = await findUserByAccountId(deps.db, account.id);
  const followRequestsCount = await countRequestsTo(deps.db, account.id, FOLLOW_REQUESTS_COUNT_LIMIT);
  // Posting defaults and the plain-text note arrive with profile editing; these are Mastodon's defaults.
  const source: AccountSource = { privacy: "public", sensitive: false, language: "", note: "", followRequestsCount };
  return { account, source, role: roleView(user?.role) };
}
