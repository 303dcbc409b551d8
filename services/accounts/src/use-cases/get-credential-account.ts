import { unauthenticated, type Viewer } from "@starling/runtime";
import type { Account } from "../domain/account.ts";
import type { UserRole } from "../domain/roles.ts";
import { findRoleWithEveryone } from "../data/user-roles-queries.ts";
import { findAccount } from "../data/accounts-queries.ts";
import { countRequestsTo } from "../data/follows-queries.ts";
import { findSettings } from "../data/profile-queries.ts";
import type { ProfileField } from "../domain/profile-fields.ts";
import { findUserByAccountId } from "../data/users-queries.ts";
import type { AccountsDeps } from "./deps.ts";

/** The settings verify_credentials shows only to the account itself. */
export interface AccountSource {
  privacy: string;
  sensitive: boolean;
  /** Default posting language; undefined when none is set. */
  language: string | undefined;
  /** Plain text. */
  note: string;
  /** The fields as typed, with their verification. */
  fields: ProfileField[];
  followRequestsCount: number;
}

/** Mastodon stops counting pending requests here. */
const FOLLOW_REQUESTS_COUNT_LIMIT = 40;

/** The viewer's own account with its source settings and role. */
export async function getCredentialAccount(deps: AccountsDeps, viewer: Viewer | undefined): Promise<{ account: Account; source: AccountSource; role: UserRole }> {
  if (!viewer?.accountId) throw unauthenticated("This method requires an authenticated user");
  const account = await findAccount(deps.db, viewer.accountId);
  if (!account) throw unauthenticated();
  const user = await findUserByAccountId(deps.db, account.id);
  const followRequestsCount = await countRequestsTo(deps.db, account.id, FOLLOW_REQUESTS_COUNT_LIMIT);
  const settings = await findSettings(deps.db, account.id);
  const source: AccountSource = {
    privacy: settings.privacy,
    sensitive: settings.sensitive,
    language: settings.language ?? undefined,
    note: account.noteSource ?? "",
    fields: account.fields ?? [],
    followRequestsCount,
  };
  return { account, source, role: (await findRoleWithEveryone(deps.db, user?.roleId ?? null)).role };
}
