import { AsyncLocalStorage } from "node:async_hooks";
import type { InboxContext } from "@fedify/fedify";
import { getTypeId, type Activity } from "@fedify/fedify/vocab";
import { recordHostSuccess } from "../delivery/host-circuits.ts";
import type { FederationContextData } from "../fedify/federation.ts";
import { synchronizeFollowers } from "./followers-synchronization.ts";

/** Why the activity being handled was not acted on (a drop, or a refusal from a service). */
const whyNot = new AsyncLocalStorage<string[]>();

/**
 * Records why the activity in hand is dropped, for its log line, and returns nothing, so a listener
 * can `return dropped("…")`.
 */
export function dropped(reason: string): void {
  whyNot.getStore()?.push(reason);
}

const typeName = (activity: Activity) => getTypeId(activity).href.replace(/^.*[#/]/, "");

/** What an inbox log line names of an activity. */
export const activityFields = (activity: Activity) => ({ type: typeName(activity), id: activity.id?.href, actor: activity.actorId?.href });

/**
 * A listener that marks the sender's host as up, and logs one debug line per activity (type, id, actor, outcome: applied, dropped,
 * failed) and one warn line when it drops the activity, with the reasons, or fails on it.
 */
export function logged<T extends Activity>(listener: (ctx: InboxContext<FederationContextData>, activity: T) => Promise<void>) {
  return async (ctx: InboxContext<FederationContextData>, activity: T): Promise<void> => {
    const { logger } = ctx.data;
    const fields = activityFields(activity);
    const reasons: string[] = [];
    // A server we hear from is up: deliveries to it go again (Mastodon resets its failure tracker so).
    if (activity.actorId) await recordHostSuccess(ctx.data.db, activity.actorId.host, new Date());
    try {
      await whyNot.run(reasons, () => listener(ctx, activity));
    } catch (error) {
      logger.debug({ ...fields, outcome: "failed" }, "inbox activity");
      logger.warn({ ...fields, outcome: "failed", err: error }, "inbox activity failed; the sender will retry it");
      throw error;
    }
    // Followers synchronization (FEP-8fcf) runs beside the activity: it may fetch, and never fails it.
    const synchronization = ctx.data.collectionSynchronization;
    if (synchronization && fields.actor) {
      synchronizeFollowers(ctx, fields.actor, synchronization).catch((error: unknown) => logger.warn({ actor: fields.actor, err: error }, "followers synchronization failed"));
    }
    if (reasons.length === 0) return void logger.debug({ ...fields, outcome: "applied" }, "inbox activity");
    logger.debug({ ...fields, outcome: "dropped", reasons }, "inbox activity");
    logger.warn({ ...fields, outcome: "dropped", reasons }, "inbox activity dropped");
  };
}
