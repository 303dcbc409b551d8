import type { Viewer } from "@starling/runtime";
import { parsePage, type PageInput } from "@starling/paging";
import { ACCOUNT_PAGE_LIMITS, type AccountPage } from "../domain/account-page.ts";
import type { Account } from "../domain/account.ts";
import { pageOfEndorsements } from "../data/follow-graph-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { accountPageOf } from "./account-page-of.ts";
import { viewerAccountId } from "./get-relationships.ts";

/**
 * GET /api/v1/endorsements: the accounts the viewer features, paginated by account id; `all`
 * (Mastodon's limit=0) returns every one without cursors.
 */
export async function listEndorsements(deps: AccountsDeps, viewer: Viewer | undefined, input: PageInput | undefined, all: boolean): Promise<AccountPage<Account>> {
  const viewerId = viewerAccountId(viewer);
  const page = all ? undefined : parsePage(input, ACCOUNT_PAGE_LIMITS);
  const listed = await pageOfEndorsements(deps.db, viewerId, page);
  return accountPageOf(deps, listed, page?.limit);
}
