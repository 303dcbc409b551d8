import webpush from "web-push";
import { keepVapidKeys, type VapidKeys } from "../data/vapid-keys-queries.ts";
import type { AccountsDeps } from "./deps.ts";

const known = new WeakMap<AccountsDeps["db"], Promise<VapidKeys>>();

/**
 * The instance's VAPID key pair: made once per instance and kept in the database (a new pair would
 * void every subscription browsers hold), then cached for the life of the process.
 */
export function vapidKeys(deps: Pick<AccountsDeps, "db">): Promise<VapidKeys> {
  let keys = known.get(deps.db);
  if (!keys) {
    keys = keepVapidKeys(deps.db, webpush.generateVAPIDKeys());
    keys.catch(() => known.delete(deps.db));
    known.set(deps.db, keys);
  }
  return keys;
}
