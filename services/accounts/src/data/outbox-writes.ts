import type { Database } from "@starling/db";
import { EVENT_CATALOG, encodePayload, enqueueEvents, newEnvelope, type EventType, type PayloadOf } from "@starling/events";
import type { Trx } from "./trx.ts";

/** Writes one accounts event into the outbox inside `trx`, keyed by the account it concerns. */
export async function enqueueAccountEvent<T extends EventType>(db: Database, trx: Trx, type: T, key: string, payload: PayloadOf<T>): Promise<void> {
  const { topic, version } = EVENT_CATALOG[type];
  const envelope = newEnvelope({ type, version, source: "accounts", key, payload: encodePayload(type, payload) });
  await enqueueEvents(db, trx, [{ topic, envelope }]);
}
