import { invalidArgument, notFound, unauthenticated, type Viewer } from "@starling/runtime";
import { hashToken } from "../domain/secrets.ts";
import { completeAlerts, isPushPolicy, type NotificationType } from "../domain/notification-channels.ts";
import { findTokenByHash } from "../data/oauth-queries.ts";
import { deletePushSubscriptionOfToken, findPushSubscriptionOfToken, replacePushSubscription, updatePushSubscriptionData, type PushSubscriptionRecord } from "../data/push-subscriptions-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { viewerAccountId } from "./get-relationships.ts";
import { vapidKeys } from "./vapid-keys.ts";

/** A subscription as the API shows it. */
export interface PushSubscriptionView {
  id: string;
  endpoint: string;
  alerts: Record<NotificationType, boolean>;
  serverKey: string;
  policy: string;
}

/** What POST /api/v1/push/subscription sends, alerts already cast to booleans. */
export interface NewPushSubscription {
  accessToken: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  alerts: Record<string, boolean>;
  policy?: string | undefined;
}

/** Subscribes the caller's token, replacing the subscription it had (Mastodon keeps one per token). */
export async function createPushSubscription(deps: AccountsDeps, viewer: Viewer | undefined, input: NewPushSubscription): Promise<PushSubscriptionView> {
  const accountId = viewerAccountId(viewer);
  const token = await findTokenByHash(deps.db, hashToken(input.accessToken));
  // The token named must be the one the caller authenticated with, so its payloads go to its owner.
  if (!token || token.revokedAt || token.id !== viewer?.tokenId) throw unauthenticated();
  if (input.endpoint.length > 2048 || !/^https?:\/\//.test(input.endpoint) || !URL.canParse(input.endpoint)) throw invalidArgument("Validation failed: Endpoint is not a URL");
  // What RFC 8291 needs, checked now so a bad key is a 422 here rather than a push that can never be encrypted.
  if (!isPublicKey(input.p256dh)) throw invalidArgument("Validation failed: Key p256dh is not an uncompressed P-256 public key");
  if (!/^[\w+/=-]{22,64}$/.test(input.auth) || Buffer.from(input.auth, "base64url").length < 16) throw invalidArgument("Validation failed: Key auth is not a 16-byte secret");
  const policy = checkedPolicy(input.policy);
  const record: PushSubscriptionRecord = { id: deps.newId(), tokenId: token.id, accountId, endpoint: input.endpoint, p256dh: input.p256dh, auth: input.auth, accessToken: input.accessToken, alerts: completeAlerts(input.alerts), policy, createdAt: deps.now() };
  await deps.db.transaction((trx) => replacePushSubscription(deps.db, trx, record));
  return view(deps, record);
}

export async function getPushSubscription(deps: AccountsDeps, viewer: Viewer | undefined): Promise<PushSubscriptionView> {
  return view(deps, await ownSubscription(deps, viewer));
}

/** Replaces alerts and policy as Mastodon does: alerts not named turn off, an absent policy stays. */
export async function updatePushSubscription(deps: AccountsDeps, viewer: Viewer | undefined, input: { alerts: Record<string, boolean>; policy?: string | undefined }): Promise<PushSubscriptionView> {
  const current = await ownSubscription(deps, viewer);
  const data = { alerts: completeAlerts(input.alerts), policy: input.policy === undefined ? current.policy : checkedPolicy(input.policy) };
  await deps.db.transaction((trx) => updatePushSubscriptionData(deps.db, trx, current.id, data));
  return view(deps, { ...current, ...data });
}

export async function deletePushSubscription(deps: AccountsDeps, viewer: Viewer | undefined): Promise<void> {
  viewerAccountId(viewer);
  await deps.db.transaction((trx) => deletePushSubscriptionOfToken(deps.db, trx, viewer!.tokenId!));
}

async function ownSubscription(deps: AccountsDeps, viewer: Viewer | undefined): Promise<PushSubscriptionRecord> {
  viewerAccountId(viewer);
  const subscription = viewer?.tokenId ? await findPushSubscriptionOfToken(deps.db, viewer.tokenId) : undefined;
  if (!subscription) throw notFound();
  return subscription;
}

function isPublicKey(key: string): boolean {
  const bytes = /^[\w+/=-]{80,100}$/.test(key) ? Buffer.from(key, "base64url") : undefined;
  return bytes?.length === 65 && bytes[0] === 4;
}

function checkedPolicy(policy: string | undefined): string {
  if (policy === undefined || policy === "") return "all";
  if (!isPushPolicy(policy)) throw invalidArgument("Validation failed: Policy is not one of all, followed, follower, none");
  return policy;
}

async function view(deps: AccountsDeps, s: PushSubscriptionRecord): Promise<PushSubscriptionView> {
  return { id: s.id, endpoint: s.endpoint, alerts: completeAlerts(s.alerts), serverKey: (await vapidKeys(deps)).publicKey, policy: s.policy };
}
