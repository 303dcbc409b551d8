import { invalidArgument, notFound } from "@starling/runtime";
import { findAccount } from "../data/accounts-queries.ts";
import { remoteFollowersPage } from "../data/remote-accounts-queries.ts";
import type { AccountsDeps } from "./deps.ts";

const DEFAULT_LIMIT = 500;
const MAX_LIMIT = 1000;

/** One page of remote followers and the cursor of the next (absent at the end). */
export interface RemoteFollowersPage {
  accountIds: string[];
  next: string | undefined;
}

/**
 * A local account's followers on other servers in follow order, for addressing deliveries: pages
 * of `limit` (500 by default, at most 1000) after the follow id `after`.
 */
export async function listRemoteFollowers(deps: AccountsDeps, input: { accountId: string; after?: string | undefined; limit?: number | undefined }): Promise<RemoteFollowersPage> {
  if (input.after !== undefined && !/^\d{1,19}$/.test(input.after)) throw invalidArgument("Validation failed: after must be a follow id");
  const account = await findAccount(deps.db, input.accountId);
  if (!account) throw notFound();
  if (account.domain !== null) throw invalidArgument("Validation failed: the account must be a local one");
  const limit = Math.min(Math.max(input.limit ?? DEFAULT_LIMIT, 1), MAX_LIMIT);
  // One more than asked tells whether another page follows.
  const rows = await remoteFollowersPage(deps.db, account.id, input.after, limit + 1);
  const page = rows.slice(0, limit);
  return { accountIds: page.map((row) => row.accountId), next: rows.length > limit ? page[page.length - 1]!.followId : undefined };
}
