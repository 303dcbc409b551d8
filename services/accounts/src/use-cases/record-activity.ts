import { enqueueEvents, outboxEvent } from "@starling/events";
import { touchActivity } from "../data/user-activity-queries.ts";
import { recordSignIn as touchCurrentSignIn } from "../data/users-queries.ts";
import type { AccountsDeps } from "./deps.ts";

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Notes that a local user is active now (an authenticated request or stream; the gateway calls at
 * most once a minute per account). Notification e-mails wait for users who are away. The first
 * activity of a UTC day also does what Mastodon's update_sign_in! does from authenticated requests
 * (at most once a day per user): it makes now the user's current sign-in, which the instance's
 * monthly active users count, and announces user.active, which the dashboard counts as an active
 * user and a login with the user's language. Other calls add no write beyond the minute's one.
 */
export async function recordActivity(deps: AccountsDeps, accountId: string): Promise<void> {
  const at = deps.now();
  const firstToday = await deps.db.transaction(async (trx) => {
    const touched = await touchActivity(deps.db, trx, accountId, at);
    if (!touched || (touched.previous !== null && utcDay(touched.previous) === utcDay(at))) return false;
    await touchCurrentSignIn(deps.db, trx, touched.userId, at);
    await enqueueEvents(deps.db, trx, [outboxEvent("accounts", "user.active", accountId, { accountId, activeAt: at, locale: touched.locale || undefined })]);
    return true;
  });
  if (firstToday) deps.nudge();
}
