// What the push and e-mail suites share: a user with a real access token, and notification events
// as the timelines service publishes them.
import { encodePayload, INBOX_TABLE, newEnvelope, TOPICS } from "@starling/events";
import type { Account } from "@starling/proto/accounts/v1/accounts";
import type { NotificationCreated } from "@starling/proto/timelines/v1/notification_events";
import { waitFor } from "@starling/testkit";
import { NOTIFICATION_DELIVERIES_GROUP } from "../src/events/notification-deliveries-consumer.ts";
import type { Harness } from "./harness.ts";

/** A signed-in user: their account, the bearer token a client holds, and the viewer the gateway would sign for it. */
export interface SignedInUser {
  account: Account;
  email: string;
  accessToken: string;
  viewerToken: string;
  /** The client app's credentials, to revoke the token with. */
  client: { clientId: string; clientSecret: string };
}

export async function signedInUser(h: Harness, username: string): Promise<SignedInUser> {
  const { account, email, password } = await h.createUser(username, { password: "correct horse battery staple" });
  const { app } = await h.client.createApp({ clientName: "Push client", redirectUris: "urn:ietf:wg:oauth:2.0:oob", scopes: "read write push", website: "" });
  const issued = await h.client.issueToken({ clientId: app!.clientId, clientSecret: app!.clientSecret, password: { username: email, password, scope: "read push" } });
  const viewer = await h.client.authenticate({ accessToken: issued.accessToken });
  const viewerToken = await h.sign({ accountId: account.id, tokenId: viewer.tokenId, appId: viewer.appId, scopes: viewer.scopes });
  return { account, email, accessToken: issued.accessToken, viewerToken, client: { clientId: app!.clientId, clientSecret: app!.clientSecret } };
}

/**
 * Publishes notification.created as the timelines service does (the embedded bus delivers it
 * twice) and resolves once the accounts consumer has handled it.
 */
export async function publishNotification(h: Harness, n: Omit<NotificationCreated, "createdAt">): Promise<void> {
  const payload: NotificationCreated = { ...n, createdAt: new Date() };
  const envelope = newEnvelope({ type: "notification.created", source: "timelines", key: n.accountId, payload: encodePayload("notification.created", payload) });
  await h.bus.publish(TOPICS.timelines, [envelope]);
  await waitFor(async () => (await h.db.table(INBOX_TABLE).where({ consumer: NOTIFICATION_DELIVERIES_GROUP, event_id: envelope.id }).first()) !== undefined, { what: "the notification handled" });
}
