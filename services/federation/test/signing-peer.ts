// A remote server for signature and resolution tests: actor documents and WebFinger answers from a
// local HTTP server, and requests signed with Fedify's signRequest, which a test can spoil on
// purpose (another key, an old Date, a body the Digest does not cover, a key nobody serves).
import { generateCryptoKeyPair, signRequest, verifyRequest } from "@fedify/fedify";
import type { DocumentLoader } from "@fedify/fedify/runtime";
import type { webcrypto } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { toInstant } from "../src/fedify/instant.ts";

type Json = Record<string, unknown>;

/** An actor of the peer, with the key pair its document advertises. */
export interface PeerActor {
  id: string;
  keyId: string;
  keys: webcrypto.CryptoKeyPair;
}

/** How a test spoils a signed request. */
export interface SendOptions {
  /** Sign with this key instead of the actor's (a forged signature). */
  signWith?: webcrypto.CryptoKey;
  /** Name this key id in the signature. */
  keyId?: string;
  /** Sign as if it were this time (Date header). */
  signedAt?: Date;
  /** Send this body instead of the one signed (and digested). */
  replaceBody?: string;
  /** Sign and send this raw body instead of the activity's JSON. */
  rawBody?: string;
  /** Further headers to send (and sign), e.g. Collection-Synchronization. */
  headers?: Record<string, string>;
}

export interface SigningPeer {
  origin: string;
  /** host:port, the domain part of the peer's handles. */
  host: string;
  actor(username: string, extra?: Json): Promise<PeerActor>;
  /** Serves `document` as ActivityPub JSON at `path`. */
  serve(path: string, document: Json): void;
  /** Answers 410 Gone at `path` from now on (a deleted actor or object). */
  gone(path: string): void;
  /** POSTs `activity` to `inboxUrl`, signed by `actor` (draft-cavage with Digest) unless spoilt. */
  send(actor: PeerActor, inboxUrl: string, activity: unknown, options?: SendOptions): Promise<Response>;
  /** GETs `url` as ActivityPub JSON, signed by `actor` (draft-cavage) unless spoilt, unsigned without an actor; redirects not followed. */
  get(url: string, actor?: PeerActor, options?: Pick<SendOptions, "signWith" | "keyId">): Promise<Response>;
  /**
   * From now on documents (not WebFinger) are served only to GETs whose HTTP signature verifies
   * (Fedify's verifyRequest, keys fetched with `documentLoader`) and 401 otherwise, as a server in
   * authorized-fetch mode answers. The key ids of verified signatures are kept in `signers`.
   */
  requireSignatures(documentLoader: DocumentLoader): void;
  signers: string[];
  /** The Accept header of every WebFinger request the peer answered, in order. */
  webfingerAccepts: string[];
  stop(): Promise<void>;
}

async function publicKeyPem(key: webcrypto.CryptoKey): Promise<string> {
  const der = Buffer.from(await crypto.subtle.exportKey("spki", key)).toString("base64");
  return `-----BEGIN PUBLIC KEY-----\n${der.match(/.{1,64}/g)!.join("\n")}\n-----END PUBLIC KEY-----\n`;
}

export async function startSigningPeer(): Promise<SigningPeer> {
  const documents = new Map<string, Json>();
  const webfinger = new Map<string, Json>();
  const gonePaths = new Set<string>();
  const signers: string[] = [];
  const webfingerAccepts: string[] = [];
  let keyLoader: DocumentLoader | null = null;
  // The key that signed this request, when it verifies.
  const verifiedKeyId = async (request: IncomingMessage, documentLoader: DocumentLoader) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string") headers.set(name, value);
    const key = await verifyRequest(new Request(`http://${request.headers.host}${request.url}`, { method: request.method, headers }), { documentLoader });
    return key?.id?.href ?? null;
  };
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://peer");
    if (url.pathname === "/.well-known/webfinger") {
      webfingerAccepts.push(request.headers.accept ?? "");
      const jrd = webfinger.get(url.searchParams.get("resource") ?? "");
      if (!jrd) return void response.writeHead(404).end();
      return void response.writeHead(200, { "content-type": "application/jrd+json" }).end(JSON.stringify(jrd));
    }
    if (keyLoader) {
      const keyId = await verifiedKeyId(request, keyLoader).catch(() => null);
      if (!keyId) return void response.writeHead(401, { "content-type": "application/json" }).end(JSON.stringify({ error: "Request not signed" }));
      signers.push(keyId);
    }
    if (gonePaths.has(url.pathname)) return void response.writeHead(410).end();
    const document = documents.get(url.pathname);
    if (!document) return void response.writeHead(404).end();
    response.writeHead(200, { "content-type": "application/activity+json" }).end(JSON.stringify(document));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const origin = `http://${host}`;
  return {
    origin,
    host,
    serve: (path, document) => void documents.set(path, document),
    gone: (path) => void gonePaths.add(path),
    async actor(username, extra = {}) {
      const keys = await generateCryptoKeyPair("RSASSA-PKCS1-v1_5");
      const id = `${origin}/users/${username}`;
      documents.set(`/users/${username}`, {
        "@context": [
          "https://www.w3.org/ns/activitystreams", "https://w3id.org/security/v1",
          // Mastodon's extension terms, as Mastodon declares them.
          { manuallyApprovesFollowers: "as:manuallyApprovesFollowers", alsoKnownAs: { "@id": "as:alsoKnownAs", "@type": "@id" }, movedTo: { "@id": "as:movedTo", "@type": "@id" },
            schema: "http://schema.org#", PropertyValue: "schema:PropertyValue", value: "schema:value",
            toot: "http://joinmastodon.org/ns#", discoverable: "toot:discoverable", indexable: "toot:indexable" },
        ],
        id, type: "Person", preferredUsername: username, name: username, url: `${origin}/@${username}`,
        inbox: `${id}/inbox`, followers: `${id}/followers`, endpoints: { sharedInbox: `${origin}/inbox` },
        publicKey: { id: `${id}#main-key`, owner: id, publicKeyPem: await publicKeyPem(keys.publicKey) },
        ...extra,
      });
      webfinger.set(`acct:${username}@${host}`, { subject: `acct:${username}@${host}`, links: [{ rel: "self", type: "application/activity+json", href: id }] });
      return { id, keyId: `${id}#main-key`, keys };
    },
    async send(actor, inboxUrl, activity, options = {}) {
      const body = options.rawBody ?? JSON.stringify(activity);
      const request = new Request(inboxUrl, { method: "POST", headers: { "content-type": "application/activity+json", ...options.headers }, body });
      const signed = await signRequest(request, options.signWith ?? actor.keys.privateKey, new URL(options.keyId ?? actor.keyId), {
        currentTime: options.signedAt ? toInstant(options.signedAt) : undefined,
      });
      if (options.replaceBody === undefined) return fetch(signed);
      return fetch(new Request(signed.url, { method: "POST", headers: signed.headers, body: options.replaceBody }));
    },
    async get(url, actor, options = {}) {
      // Redirects are handed back, not followed: the test checks where they point.
      const request = new Request(url, { headers: { accept: "application/activity+json" }, redirect: "manual" });
      if (!actor) return fetch(request);
      return fetch(await signRequest(request, options.signWith ?? actor.keys.privateKey, new URL(options.keyId ?? actor.keyId)));
    },
    requireSignatures: (documentLoader) => void (keyLoader = documentLoader),
    signers,
    webfingerAccepts,
    stop: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
