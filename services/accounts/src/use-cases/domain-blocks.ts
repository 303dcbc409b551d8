import { enqueueEvents, outboxEvent } from "@starling/events";
import { invalidArgument, type Viewer } from "@starling/runtime";
import { pageCursors, parsePage, type PageInput } from "@starling/paging";
import { ACCOUNT_PAGE_LIMITS, type AccountPage } from "../domain/account-page.ts";
import { InvalidDomain, normalizeBlockedDomain } from "../domain/blocked-domain.ts";
import { deleteEdge } from "../data/follows-queries.ts";
import { deleteDomainBlock, domainBlocksPage, edgesWithDomain, insertDomainBlock } from "../data/domain-blocks-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { viewerAccountId } from "./get-relationships.ts";
import { endFollow } from "./sever-follows.ts";

// Mastodon pages user domain blocks 100 at a time, 200 at most (reference §6.2).
const DEFAULT_LIMIT = 100;

function domainOf(raw: string, localDomain: string): string {
  try {
    return normalizeBlockedDomain(raw, localDomain);
  } catch (error) {
    if (error instanceof InvalidDomain) throw invalidArgument(error.message);
    throw error;
  }
}

/**
 * POST /api/v1/domain_blocks: hides a domain from the viewer and, as Mastodon does, ends the
 * viewer's follows of accounts there, their follows of the viewer, and pending requests both ways.
 * Blocking a domain twice is harmless.
 */
export async function blockDomain(deps: AccountsDeps, viewer: Viewer | undefined, rawDomain: string, localDomain: string): Promise<void> {
  const accountId = viewerAccountId(viewer);
  const domain = domainOf(rawDomain, localDomain);
  await deps.db.transaction(async (trx) => {
    if (await insertDomainBlock(deps.db, trx, { id: deps.newId(), accountId, domain, createdAt: deps.now() })) {
      await enqueueEvents(deps.db, trx, [outboxEvent("accounts", "domain_block.created", accountId, { accountId, domain })]);
    }
    for (const edge of await edgesWithDomain(deps.db, trx, "follows", accountId, domain)) {
      await endFollow(deps, trx, edge.accountId, edge.targetAccountId);
    }
    for (const edge of await edgesWithDomain(deps.db, trx, "follow_requests", accountId, domain)) {
      await deleteEdge(deps.db, trx, "follow_requests", edge.accountId, edge.targetAccountId);
    }
  });
  deps.nudge();
}

/** DELETE /api/v1/domain_blocks: lifts a domain block; harmless when there was none. */
export async function unblockDomain(deps: AccountsDeps, viewer: Viewer | undefined, rawDomain: string, localDomain: string): Promise<void> {
  const accountId = viewerAccountId(viewer);
  const domain = domainOf(rawDomain, localDomain);
  const removed = await deps.db.transaction(async (trx) => {
    if (!(await deleteDomainBlock(deps.db, trx, accountId, domain))) return false;
    await enqueueEvents(deps.db, trx, [outboxEvent("accounts", "domain_block.removed", accountId, { accountId, domain })]);
    return true;
  });
  if (removed) deps.nudge();
}

/** GET /api/v1/domain_blocks: the viewer's blocked domains, newest first, paged by block id. */
export async function listDomainBlocks(deps: AccountsDeps, viewer: Viewer | undefined, input: PageInput | undefined): Promise<AccountPage<string>> {
  const accountId = viewerAccountId(viewer);
  // The account-list rules with this list's own size: 100 by default, twice that at most.
  const page = parsePage(input, { default: DEFAULT_LIMIT });
  const blocks = await domainBlocksPage(deps.db, accountId, page);
  return { accounts: blocks.map((block) => block.domain), ...pageCursors(blocks.map((block) => block.id), page.limit) };
}
