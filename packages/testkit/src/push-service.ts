/// <reference path="./http-ece.d.ts" />
import { createECDH, randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import ece from "http_ece";
import { importJWK, jwtVerify, type JWTPayload } from "jose";

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

/** One message a test push service received. */
export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A push service stand-in: its base URL, what it received, the status it answers (settable), and stop. */
export interface TestPushService {
  url: string;
  received: ReceivedPush[];
  state: { status: number };
  stop(): Promise<void>;
}

/** A push service on 127.0.0.1 that records each message and answers `state.status` (201 by default). */
export async function startPushService(): Promise<TestPushService> {
  const received: ReceivedPush[] = [];
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
