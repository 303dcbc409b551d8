import { status as GrpcStatus } from "@grpc/grpc-js";
import type { Logger } from "@starling/runtime";
import { ServiceError } from "@starling/runtime";
import type { ScheduledStatus } from "../domain/scheduled-status.ts";
import { deleteScheduledStatus, leaseDueScheduledStatuses } from "../data/scheduled-statuses-queries.ts";
import { createStatus } from "./create-status.ts";
import type { Caller, StatusesDeps } from "./dependencies.ts";

/** How a run of the scheduler posts due statuses. */
export interface PublishOptions {
  /** The author as a caller (with a viewer token other services accept). */
  callerFor(accountId: string): Promise<Caller>;
  /** How long a taken row is left to this run before another may take it (a crashed run's rows come back then). */
  leaseMs: number;
  /** Rows taken per run. */
  batchSize: number;
  logger: Logger;
}

// Refusals that will not change on a retry (the parent, the uploads or the account went away,
// the text no longer passes): Mastodon drops such a scheduled status, and so does this.
const PERMANENT = new Set<number>([GrpcStatus.INVALID_ARGUMENT, GrpcStatus.FAILED_PRECONDITION, GrpcStatus.NOT_FOUND, GrpcStatus.PERMISSION_DENIED, GrpcStatus.UNAUTHENTICATED]);

/**
 * Posts every status due at the clock's now, through the same createStatus as an immediate post,
 * then removes its row. The post carries an Idempotency-Key of the scheduled id, so a run that
 * crashed between posting and removing (or a lease that ran out while posting) finds the status
 * already posted and only removes the row: a scheduled status is posted once. Returns how many
 * were posted.
 */
export async function publishDueStatuses(deps: StatusesDeps, options: PublishOptions): Promise<number> {
  const now = deps.now();
  const due = await deps.db.transaction((trx) => leaseDueScheduledStatuses(deps.db, trx, now, new Date(now.getTime() + options.leaseMs), options.batchSize));
  let posted = 0;
  for (const scheduled of due) {
    if (await publishOne(deps, options, scheduled)) posted += 1;
  }
  return posted;
}

async function publishOne(deps: StatusesDeps, options: PublishOptions, scheduled: ScheduledStatus): Promise<boolean> {
  const { params } = scheduled;
  try {
    await createStatus(deps, await options.callerFor(scheduled.accountId), { ...params, idempotencyKey: `scheduled-status:${scheduled.id}` });
  } catch (error) {
    if (!(error instanceof ServiceError && PERMANENT.has(error.code))) {
      // Left leased: the next run after the lease retries it.
      options.logger.warn({ err: error, scheduledStatusId: scheduled.id }, "posting a scheduled status failed; retrying later");
      return false;
    }
    options.logger.warn({ err: error, scheduledStatusId: scheduled.id }, "dropping a scheduled status that can no longer be posted");
    await deleteScheduledStatus(deps.db, scheduled.id);
    return false;
  }
  await deleteScheduledStatus(deps.db, scheduled.id);
  return true;
}
