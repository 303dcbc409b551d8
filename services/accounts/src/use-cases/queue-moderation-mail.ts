import type { Transaction } from "@starling/db";
import { enqueueDeliveries } from "../data/notification-deliveries-queries.ts";
import { findMailRecipient } from "../data/user-activity-queries.ts";
import { findAccount } from "../data/accounts-queries.ts";
import { newAppealMail } from "../domain/moderation-mail.ts";
import type { Mail } from "../mail/mailer.ts";
import { staffWith } from "./admin-accounts.ts";
import type { AccountsDeps } from "./deps.ts";

/**
 * Queues an e-mail about a moderator's decision to a local user (strike.created with send_email,
 * appeal.resolved), whatever their notification preferences: these are not notifications a user
 * can turn off. Runs in the consumer's inbox transaction, so a redelivered event mails once.
 */
export async function queueModerationMail(deps: AccountsDeps, trx: Transaction, accountId: string, compose: (to: string) => Mail): Promise<number> {
  const recipient = await findMailRecipient(deps.db, trx, accountId);
  if (!recipient) return 0;
  const now = deps.now();
  await enqueueDeliveries(deps.db, trx, [{ id: deps.newId(), channel: "email", subscriptionId: null, accountId, message: compose(recipient.email), attempts: 0, dueAt: now, createdAt: now }]);
  return 1;
}

/**
 * A new appeal, mailed to every staff member whose role may manage appeals (Mastodon's
 * AdminMailer#new_appeal). Answers how many e-mails were queued.
 */
export async function queueAppealMails(deps: AccountsDeps, trx: Transaction, appeal: { appealId: string; strikeId: string; accountId: string; text: string }): Promise<number> {
  const appellant = (await findAccount(deps.db, appeal.accountId))?.username ?? "A user";
  let queued = 0;
  for (const staffId of await staffWith(deps, "manage_appeals", trx)) queued += await queueModerationMail(deps, trx, staffId, (to) => newAppealMail(to, appeal, appellant));
  return queued;
}
