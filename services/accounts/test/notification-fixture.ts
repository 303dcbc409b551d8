// What the push and e-mail suites share: a user with a real access token, notification events as
// the timelines service publishes them, a push endpoint that decrypts what it receives as a browser
// would, and a real SMTP server.
import { createECDH, randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import ece from "http_ece";
import { importJWK, jwtVerify, type JWTPayload } from "jose";
import { SMTPServer } from "smtp-server";
import { encodePayload, INBOX_TABLE, newEnvelope, TOPICS } from "@starling/events";
import type { Account } from "@starling/proto/accounts/v1/accounts";
import type { NotificationCreated } from "@starling/proto/timelines/v1/notification_events";
import { parseMailMessage, waitFor } from "@starling/testkit";
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
  const issued = await h.client.issueToken({ grantType: "password", clientId: app!.clientId, clientSecret: app!.clientSecret, username: email, password, scope: "read push", code: "", redirectUri: "", codeVerifier: "" });
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

/** The browser's side of a subscription: its keys (as sent to the server) and decryption. */
export function browserKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16).toString("base64url");
  return {
    p256dh: ecdh.getPublicKey().toString("base64url"),
    auth,
    /** Decrypts an aes128gcm push message body (RFC 8291) with this subscription's private key. */
    decrypt: (body: Buffer): unknown => JSON.parse(ece.decrypt(body, { version: "aes128gcm", privateKey: ecdh, authSecret: auth }).toString("utf8")),
  };
}

/** A push service on 127.0.0.1 that records each message and answers `status` (201 by default). */
export async function startPushService() {
  const received: { path: string; headers: IncomingHttpHeaders; body: Buffer }[] = [];
  const state = { status: 201 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(state.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, received, state, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * Checks a VAPID Authorization header (RFC 8292: `vapid t=<JWT>, k=<key>`): the JWT must be ES256,
 * signed by the key `k`, for the endpoint's origin. Resolves the key and the JWT's claims.
 */
export async function verifyVapid(header: string | undefined, endpoint: string): Promise<{ key: string; claims: JWTPayload }> {
  const match = /^vapid t=([^,\s]+),\s*k=([^,\s]+)$/.exec(header ?? "");
  if (!match) throw new Error(`not a VAPID Authorization header: ${header}`);
  const [, jwt, key] = match as unknown as [string, string, string];
  const raw = Buffer.from(key, "base64url");
  const jwk = { kty: "EC", crv: "P-256", x: raw.subarray(1, 33).toString("base64url"), y: raw.subarray(33, 65).toString("base64url") };
  const { payload } = await jwtVerify(jwt, await importJWK(jwk, "ES256"), { algorithms: ["ES256"], audience: new URL(endpoint).origin });
  return { key, claims: payload };
}

/** A real SMTP server on 127.0.0.1 keeping every message it accepts. */
export async function startSmtpServer() {
  const messages: { envelopeTo: string[]; to: string; subject: string; text: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no certificate for the client to check.
    hideSTARTTLS: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        messages.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), ...parseMailMessage(Buffer.concat(chunks).toString("utf8")) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, messages, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
