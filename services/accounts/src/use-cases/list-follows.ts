import { notFound, type Viewer } from "@starling/runtime";
import { parsePage, type PageInput } from "@starling/paging";
import { ACCOUNT_PAGE_LIMITS, type AccountPage } from "../domain/account-page.ts";
import type { Account } from "../domain/account.ts";
import { findAccount } from "../data/accounts-queries.ts";
import { blockedAmong } from "../data/blocks-queries.ts";
import { pageOfEdges } from "../data/follow-graph-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { accountPageOf } from "./account-page-of.ts";

/** Which list of an account: who follows it, or whom it follows. */
export type FollowDirection = "followers" | "following";

/**
 * GET /api/v1/accounts/:id/followers and /following: newest follow first, paginated by follow id.
 * Empty, as in Mastodon, when the account is suspended or blocks the viewer.
 */
export async function listFollows(deps: AccountsDeps, viewer: Viewer | undefined, direction: FollowDirection, accountId: string, input: PageInput | undefined): Promise<AccountPage<Account>> {
  const page = parsePage(input, ACCOUNT_PAGE_LIMITS);
  const account = await findAccount(deps.db, accountId);
  if (!account) throw notFound();
  if (account.suspendedAt || (await blocksViewer(deps, account.id, viewer))) return { accounts: [] };
  const listed = await pageOfEdges(deps.db, "follows", direction === "followers" ? "target_account_id" : "account_id", account.id, page);
  return accountPageOf(deps, listed, page.limit);
}

async function blocksViewer(deps: AccountsDeps, accountId: string, viewer: Viewer | undefined): Promise<boolean> {
  if (!viewer?.accountId || viewer.accountId === accountId) return false;
  return (await blockedAmong(deps.db, accountId, [viewer.accountId])).has(viewer.accountId);
}
