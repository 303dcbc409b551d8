import { createPollingLoop, type PollingLoop } from "@starling/events";
import type { Logger } from "@starling/runtime";
import { claimLinkChecks, finishLinkCheck } from "../data/profile-queries.ts";
import type { ProfileDeps } from "../use-cases/profile-deps.ts";
import { verifyProfileLinks } from "../use-cases/verify-profile-links.ts";

/** Options of {@link createLinkCheckWorker}. */
export interface LinkCheckWorkerOptions {
  logger: Logger;
  /** Poll period when nobody nudges (default 2 s). */
  intervalMs?: number;
  /** Checks claimed per pass (default 5). */
  batchSize?: number;
}

// A claim older than this is taken to belong to a crashed worker; the fetches take at most 10 s each.
const LEASE_MS = 5 * 60_000;
// A check that keeps crashing its worker is dropped rather than retried forever.
const MAX_ATTEMPTS = 3;

/**
 * The rel=me check worker: drains profile_link_checks by claiming due checks (SKIP LOCKED, so
 * several processes can share one PostgreSQL) and verifying them outside any transaction.
 * update_credentials nudges it after queueing a check.
 */
export function createLinkCheckWorker(deps: ProfileDeps, options: LinkCheckWorkerOptions): PollingLoop {
  const pass = async () => {
    const claims = await claimLinkChecks(deps.db, deps.now(), LEASE_MS, options.batchSize ?? 5);
    for (const claim of claims) {
      if (claim.attempts > MAX_ATTEMPTS) await deps.db.transaction((trx) => finishLinkCheck(deps.db, trx, claim));
      else await verifyProfileLinks(deps, claim);
    }
    return claims.length;
  };
  return createPollingLoop(pass, {
    intervalMs: options.intervalMs ?? 2_000,
    onError: (error) => options.logger.warn({ err: error instanceof Error ? error.message : String(error) }, "link check pass failed; retrying at the next tick"),
  });
}
