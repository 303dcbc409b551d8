import type { Viewer } from "@starling/runtime";
import { parsePage, type PageInput } from "@starling/paging";
import { ACCOUNT_PAGE_LIMITS, type AccountPage } from "../domain/account-page.ts";
import type { Account } from "../domain/account.ts";
import { pageOfEdges } from "../data/follow-graph-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { accountPageOf } from "./account-page-of.ts";
import { viewerAccountId } from "./get-relationships.ts";

/** GET /api/v1/follow_requests: accounts asking to follow the viewer, newest request first. */
export async function listFollowRequests(deps: AccountsDeps, viewer: Viewer | undefined, input: PageInput | undefined): Promise<AccountPage<Account>> {
  const viewerId = viewerAccountId(viewer);
  const page = parsePage(input, ACCOUNT_PAGE_LIMITS);
  const listed = await pageOfEdges(deps.db, "follow_requests", "target_account_id", viewerId, page);
  return accountPageOf(deps, listed, page.limit);
}
