import type { Database, Transaction } from "@starling/db";
import { EVENT_CATALOG, encodePayload, enqueueEvents, newEnvelope, type EventType, type PayloadOf } from "@starling/events";

/** Writes one media event into the outbox inside `trx`, keyed by the attachment it concerns. */
export async function enqueueMediaEvent<T extends EventType>(db: Database, trx: Transaction, type: T, key: string, payload: PayloadOf<T>): Promise<void> {
  const { topic, version } = EVENT_CATALOG[type];
  await enqueueEvents(db, trx, [{ topic, envelope: newEnvelope({ type, version, source: "media", key, payload: encodePayload(type, payload) }) }]);
}
