import type { Database, Transaction } from "@starling/db";
import { statusRowsChanged } from "./status-page-cache.ts";

/**
 * Points a status at its preview card. Setting the same id again changes nothing, so a redelivered
 * card.created is harmless; a deleted status keeps the id, which nothing reads.
 */
export async function setStatusCard(db: Database, trx: Transaction, statusId: string, cardId: string): Promise<void> {
  await db.table("statuses", trx).where({ id: statusId }).update({ preview_card_id: cardId });
  await statusRowsChanged(db, trx, [statusId]);
}
