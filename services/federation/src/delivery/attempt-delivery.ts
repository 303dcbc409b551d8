import { PublicFetchError } from "@starling/runtime";
import { refusedHosts } from "../data/instance-blocks-queries.ts";
import { actorKeyPairs } from "../use-cases/actor-key-pairs.ts";
import { claimDelivery, finishAttempt, type DeliveryWork } from "./deliveries-queries.ts";
import type { DeliveryDeps, DeliverySettings } from "./deps.ts";
import { admitToHost, recordHostFailure, recordHostSuccess } from "./host-circuits.ts";
import { mainKeyId, postActivity } from "./post-activity.ts";
import { outcomeOfStatus, retryDelayMs, type AttemptOutcome } from "./retry-policy.ts";

/** What an attempt came to, and whether the host showed itself alive (success), down (failure) or neither. */
interface Result {
  outcome: AttemptOutcome;
  error: string;
  host: "success" | "failure" | "none";
}

// A refused address or URL will be refused again: those are given up at once and say nothing of the host.
const REFUSALS = new Set(["private_address", "bad_url", "protocol"]);

/** The sending actor's id, from the activity itself (its `actor`, a URI or an embedded object). */
function actorOf(body: string): string | undefined {
  try {
    const actor = (JSON.parse(body) as { actor?: unknown }).actor;
    const id = typeof actor === "string" ? actor : (actor as { id?: unknown } | undefined)?.id;
    return typeof id === "string" && URL.canParse(id) ? id : undefined;
  } catch {
    return undefined;
  }
}

async function send(deps: DeliveryDeps, settings: DeliverySettings, work: DeliveryWork): Promise<Result> {
  const actor = actorOf(work.body);
  if (!actor) return { outcome: "rejected", error: "the activity names no actor to sign as", host: "none" };
  const [rsa] = await actorKeyPairs(deps.db, work.senderAccountId, deps.now);
  if (!rsa) return { outcome: "rejected", error: "the sender has no key", host: "none" };
  try {
    const response = await postActivity({
      inbox: work.inbox, body: work.body, privateKey: rsa.privateKey, keyId: mainKeyId(actor),
      timeoutMs: settings.timeoutMs, allowPrivateAddress: settings.allowPrivateAddress, collectionSynchronization: work.collectionSynchronization,
    });
    const outcome = outcomeOfStatus(response.status);
    return { outcome, error: outcome === "delivered" ? "" : `HTTP ${response.status}`, host: outcome === "retry" ? "failure" : "success" };
  } catch (error) {
    if (!(error instanceof PublicFetchError)) throw error;
    if (REFUSALS.has(error.reason)) return { outcome: "rejected", error: error.message, host: "none" };
    return { outcome: "retry", error: error.message, host: "failure" };
  }
}

/**
 * Attempts the delivery a job names, if it is still due and nobody else holds it. While the host's
 * circuit is open nothing is sent: the row waits until the circuit half-opens; to an unavailable
 * host nothing is sent and the row is given up. Otherwise the
 * activity is posted and the row becomes delivered, dead (refused for good, or out of tries) or
 * failed with its next try pushed back (never before the host's circuit lets it through).
 */
export async function attemptDelivery(deps: DeliveryDeps, settings: DeliverySettings, id: string): Promise<void> {
  const { db } = deps;
  const now = deps.now();
  const leaseUntil = new Date(now.getTime() + settings.leaseMs);
  const work = await claimDelivery(db, id, now, leaseUntil);
  if (!work) return;
  // Queued before staff suspended the server (or took its allow away in limited-federation mode): not sent.
  if ((await refusedHosts(db, [work.host], deps.limitedFederation ?? false)).size > 0) {
    await finishAttempt(db, id, { state: "dead", attempts: work.attempts, lastError: "server blocked by staff", nextAttemptAt: now }, now);
    return;
  }
  // A half-open trial ends within the request deadline; the others wait that long, not a whole lease.
  const admission = await admitToHost(db, work.host, now, new Date(now.getTime() + settings.timeoutMs + 1_000));
  if (!admission.admitted && "unavailable" in admission) {
    // As Mastodon skips unavailable domains: nothing is sent, and the row is not kept waiting.
    await finishAttempt(db, id, { state: "dead", attempts: work.attempts, lastError: "host unavailable: its deliveries failed for a week", nextAttemptAt: now }, now);
    return;
  }
  if (!admission.admitted) {
    await finishAttempt(db, id, { state: work.state, attempts: work.attempts, lastError: work.lastError, nextAttemptAt: admission.retryAt }, now);
    return;
  }
  const result = await send(deps, settings, work);
  const finished = deps.now();
  const attempts = work.attempts + 1;
  if (result.host === "success") await recordHostSuccess(db, work.host, finished);
  const circuit = result.host === "failure" ? await recordHostFailure(db, work.host, finished, settings) : undefined;
  if (result.outcome === "delivered") {
    await finishAttempt(db, id, { state: "delivered", attempts, lastError: "", nextAttemptAt: finished }, finished);
    return;
  }
  if (result.outcome === "rejected" || attempts >= settings.maxAttempts) {
    await finishAttempt(db, id, { state: "dead", attempts, lastError: result.error, nextAttemptAt: finished }, finished);
    deps.logger?.warn({ inbox: work.inbox, activityId: work.activityId, attempts, error: result.error }, "delivery given up");
    return;
  }
  const backoff = finished.getTime() + retryDelayMs(attempts, settings.backoffScale);
  const next = Math.max(backoff, circuit?.state === "open" ? circuit.openUntil!.getTime() : 0);
  await finishAttempt(db, id, { state: "failed", attempts, lastError: result.error, nextAttemptAt: new Date(next) }, finished);
}
