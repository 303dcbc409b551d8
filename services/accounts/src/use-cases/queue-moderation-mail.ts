import type { Transaction } from "@starling/db";
import { enqueueDeliveries } from "../data/notification-deliveries-queries.ts";
import { findMailRecipient } from "../data/user-activity-queries.ts";
import type { Mail } from "../mail/mailer.ts";
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
