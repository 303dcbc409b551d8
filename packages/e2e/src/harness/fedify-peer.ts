import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { randomUUID, type webcrypto } from "node:crypto";
import { createFederation, generateCryptoKeyPair, MemoryKvStore, type Context } from "@fedify/fedify";
import { signRequest } from "@fedify/fedify/sig";
import { Accept, Activity, Endpoints, Follow, Person, PropertyValue, Reject, Undo, type Actor, type Recipient } from "@fedify/fedify/vocab";
import { freePort, waitFor } from "@starling/testkit";

type Json = Record<string, any>;

/** An actor of the peer: its profile, in-memory keys and who follows it. */
export interface PeerActorOptions {
  /** manuallyApprovesFollowers: Follows wait for {@link FedifyPeer.acceptFollow} instead of being accepted at once. */
  locked?: boolean;
  alsoKnownAs?: string[];
  /** The account this one moved to (`movedTo`). */
  movedTo?: string;
  name?: string;
  summary?: string;
  /** Profile fields, served as PropertyValue attachments as Mastodon does. */
  fields?: { name: string; value: string }[];
}

/** One activity the peer's inbox accepted, i.e. whose HTTP signature Fedify verified. */
export interface ReceivedActivity {
  activity: Activity;
  /** The JSON-LD document as it arrived (Fedify keeps the parsed document for re-serialisation). */
  json: Json;
  /** The username whose inbox received it; null for the shared inbox. */
  recipient: string | null;
}

/** Changes to a signed request, to craft what a correct server must refuse. */
export interface SignatureTamper {
  /** The Date header (signed as given): too old or too far ahead. */
  date?: Date;
  /** A Digest header that does not match the body (signed as given). */
  digest?: string;
  /** A body other than the one signed, sent after signing. */
  body?: string;
  /** The keyId claimed in the Signature header, although the request is signed with the sender's own key. */
  keyId?: string;
}

/** An independent ActivityPub server on Fedify, playing "another server" in federation tests. */
export interface FedifyPeer {
  /** The public host, `localhost:<port>` by default; actor ids and WebFinger handles use it. */
  host: string;
  /** `http://<host>`. */
  origin: string;
  /** The shared inbox, `<origin>/inbox`. */
  sharedInbox: string;
  /** Adds an actor and returns its id (`<origin>/users/<username>`). */
  addActor(username: string, options?: PeerActorOptions): Promise<string>;
  /** Changes an actor's profile; what it serves from then on (send an Update to tell others). */
  updateActor(username: string, changes: PeerActorOptions): void;
  actorUri(username: string): string;
  inboxUri(username: string): string;
  /** The actor document the peer serves, as JSON (e.g. for an Update{Person}). */
  actorDocument(username: string): Promise<Json>;
  /** Actor ids following `username` (accepted Follows, minus Undos). */
  followers(username: string): string[];
  /** Accepts or rejects a pending Follow of a locked actor, sending Accept/Reject to the follower. */
  acceptFollow(username: string, followerUri: string): Promise<void>;
  rejectFollow(username: string, followerUri: string): Promise<void>;
  /** Serves `json` at its `id` (an URL on this peer), as a status of "another server" would be. */
  serveObject(json: Json): void;
  /** Every activity the inbox accepted, oldest first. */
  received: ReceivedActivity[];
  /** Errors of the peer's own work (inbox processing, sending Accepts), for failure messages. */
  errors: unknown[];
  /** The first received activity matching `predicate`, waiting up to `timeoutMs` for it. */
  waitForActivity(predicate: (received: ReceivedActivity) => boolean, timeoutMs?: number): Promise<ReceivedActivity>;
  /** Signs (draft-cavage, with Digest) and POSTs a Fedify activity as `fromUsername`; returns the HTTP status. */
  send(fromUsername: string, activity: Activity, inboxUrl: string | URL): Promise<number>;
  /** Signs and POSTs raw JSON (e.g. a Mastodon-shaped fixture) as `fromUsername`; returns the HTTP status. */
  sendJson(fromUsername: string, json: Json, inboxUrl: string | URL, tamper?: SignatureTamper): Promise<number>;
  /** The signed POST request `sendJson` would make, optionally tampered with. */
  signedRequest(fromUsername: string, json: Json, inboxUrl: string | URL, tamper?: SignatureTamper): Promise<Request>;
  /** POSTs `json` without any signature; returns the HTTP status. */
  postUnsigned(json: Json, inboxUrl: string | URL): Promise<number>;
  stop(): Promise<void>;
}

interface PeerActor extends PeerActorOptions {
  /** RSA first (Fedify names it `#main-key`, the HTTP signature key), then Ed25519. */
  keys: webcrypto.CryptoKeyPair[];
  followers: Map<string, Recipient>;
  /** Follows of a locked actor awaiting an answer, by follower id. */
  pending: Map<string, Follow>;
}

const ACTIVITY_JSON = "application/activity+json";

/**
 * Starts a peer listening on 127.0.0.1 on a free port. Its public host is `<host>:<port>` (host
 * "localhost" by default, so two peers differ by port; "127.0.0.1" gives a second spelling).
 * Fedify runs without a queue, so everything it sends goes out at once, over plain HTTP, to private
 * addresses (every server of a test is on the loopback). It signs draft-cavage first, as Mastodon.
 */
export async function startFedifyPeer(options: { host?: string } = {}): Promise<FedifyPeer> {
  const port = await freePort();
  const host = `${options.host ?? "localhost"}:${port}`;
  const origin = `http://${host}`;
  const actors = new Map<string, PeerActor>();
  const objects = new Map<string, Json>();
  const received: ReceivedActivity[] = [];
  const errors: unknown[] = [];

  const federation = createFederation<void>({
    kv: new MemoryKvStore(),
    origin,
    allowPrivateAddress: true,
    firstKnock: "draft-cavage-http-signatures-12",
  });
  const actorUri = (username: string) => `${origin}/users/${username}`;
  const actor = (username: string) => {
    const found = actors.get(username);
    if (!found) throw new Error(`the peer has no actor ${username}`);
    return found;
  };

  federation
    .setActorDispatcher("/users/{identifier}", async (ctx, identifier) => {
      const found = actors.get(identifier);
      if (!found) return null;
      const keys = await ctx.getActorKeyPairs(identifier);
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: identifier,
        name: found.name ?? identifier,
        summary: found.summary ?? null,
        url: new URL(`${origin}/@${identifier}`),
        manuallyApprovesFollowers: found.locked ?? false,
        inbox: ctx.getInboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        followers: ctx.getFollowersUri(identifier),
        aliases: (found.alsoKnownAs ?? []).map((uri) => new URL(uri)),
        successor: found.movedTo ? new URL(found.movedTo) : null,
        attachments: (found.fields ?? []).map((field) => new PropertyValue(field)),
        publicKey: keys[0]?.cryptographicKey ?? null,
        assertionMethods: keys.map((key) => key.multikey),
      });
    })
    .setKeyPairsDispatcher((_ctx, identifier) => actors.get(identifier)?.keys ?? []);

  federation.setFollowersDispatcher("/users/{identifier}/followers", (_ctx, identifier) => {
    const found = actors.get(identifier);
    return found ? { items: [...found.followers.values()] } : null;
  });

  federation
    .setInboxListeners("/users/{identifier}/inbox", "/inbox")
    // The base class catches every type: the peer records all, and answers Follows as Mastodon does.
    .on(Activity, async (ctx, activity) => {
      received.push({ activity, json: (await activity.toJsonLd()) as Json, recipient: ctx.recipient });
      if (activity instanceof Follow) await onFollow(ctx, activity);
      if (activity instanceof Undo) {
        // An Undo naming what the peer cannot fetch (Mastodon's Undo{Announce} by id) undoes no Follow here.
        const undone = await activity.getObject({ documentLoader: ctx.documentLoader, contextLoader: ctx.contextLoader, suppressError: true });
        const target = undone instanceof Follow ? ctx.parseUri(undone.objectId) : null;
        const followed = target?.type === "actor" ? actors.get(target.identifier) : undefined;
        if (followed && undone instanceof Follow && undone.actorId) {
          followed.followers.delete(undone.actorId.href);
          followed.pending.delete(undone.actorId.href);
        }
      }
    })
    .onError((_ctx, error) => {
      errors.push(error);
    });

  async function onFollow(ctx: Context<void>, follow: Follow) {
    const target = ctx.parseUri(follow.objectId);
    const followed = target?.type === "actor" ? actors.get(target.identifier) : undefined;
    if (!target || target.type !== "actor" || !followed || !follow.actorId) return;
    const username = target.identifier;
    if (followed.locked) {
      followed.pending.set(follow.actorId.href, follow);
      return;
    }
    // Answered after the inbox replied, as Mastodon answers from a background job.
    setImmediate(() => answerFollow(ctx, username, follow, "accept").catch((error) => errors.push(error)));
  }

  async function answerFollow(ctx: Context<void>, username: string, follow: Follow, answer: "accept" | "reject") {
    const follower = (await follow.getActor(ctx)) as Actor | null;
    if (!follower?.id) throw new Error(`cannot fetch the follower ${follow.actorId?.href}`);
    const id = new URL(`${actorUri(username)}#${answer}s/follows/${randomUUID()}`);
    const values = { id, actor: ctx.getActorUri(username), object: follow };
    // A plain Recipient, so the followers collection lists ids as Mastodon's does, not whole actors.
    const recipient: Recipient = { id: follower.id, inboxId: follower.inboxId, endpoints: follower.endpoints };
    if (answer === "accept") actor(username).followers.set(follower.id.href, recipient);
    await ctx.sendActivity({ identifier: username }, follower, answer === "accept" ? new Accept(values) : new Reject(values));
  }

  async function answerPending(username: string, followerUri: string, answer: "accept" | "reject") {
    const follow = actor(username).pending.get(followerUri);
    if (!follow) throw new Error(`${username} has no pending Follow from ${followerUri}`);
    actor(username).pending.delete(followerUri);
    await answerFollow(federation.createContext(new URL(origin)), username, follow, answer);
  }

  async function signedRequest(fromUsername: string, json: Json, inboxUrl: string | URL, tamper: SignatureTamper = {}): Promise<Request> {
    const privateKey = actor(fromUsername).keys[0]!.privateKey;
    const [rsa] = await federation.createContext(new URL(origin)).getActorKeyPairs(fromUsername);
    const body = JSON.stringify(json);
    const headers = new Headers({ "content-type": ACTIVITY_JSON });
    // Set before signing, signRequest keeps (and signs) them rather than computing its own.
    if (tamper.date) headers.set("date", tamper.date.toUTCString());
    if (tamper.digest) headers.set("digest", tamper.digest);
    const signed = await signRequest(new Request(inboxUrl, { method: "POST", headers, body }), privateKey, tamper.keyId ? new URL(tamper.keyId) : rsa!.keyId, {
      spec: "draft-cavage-http-signatures-12",
    });
    return tamper.body === undefined ? signed : new Request(signed.url, { method: "POST", headers: signed.headers, body: tamper.body });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      errors.push(error);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", origin);
    const served = req.method === "GET" ? objects.get(url.href) : undefined;
    if (served) {
      res.writeHead(200, { "content-type": ACTIVITY_JSON }).end(JSON.stringify(served));
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    }
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    const response = await federation.fetch(new Request(url, { method: req.method, headers, body: hasBody ? Buffer.concat(chunks) : undefined }), {
      contextData: undefined,
    });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });

  const post = async (request: Request) => {
    const response = await fetch(request);
    await response.arrayBuffer();
    return response.status;
  };

  return {
    host,
    origin,
    sharedInbox: `${origin}/inbox`,
    async addActor(username, actorOptions = {}) {
      if (actors.has(username)) throw new Error(`the peer already has an actor ${username}`);
      const keys = [await generateCryptoKeyPair("RSASSA-PKCS1-v1_5"), await generateCryptoKeyPair("Ed25519")];
      actors.set(username, { ...actorOptions, keys, followers: new Map(), pending: new Map() });
      return actorUri(username);
    },
    updateActor(username, changes) {
      Object.assign(actor(username), changes);
    },
    actorUri,
    inboxUri: (username) => `${actorUri(username)}/inbox`,
    async actorDocument(username) {
      const response = await fetch(`http://127.0.0.1:${port}/users/${username}`, { headers: { accept: ACTIVITY_JSON } });
      if (!response.ok) throw new Error(`the peer does not serve ${username}: ${response.status}`);
      return (await response.json()) as Json;
    },
    followers: (username) => [...actor(username).followers.keys()],
    acceptFollow: (username, followerUri) => answerPending(username, followerUri, "accept"),
    rejectFollow: (username, followerUri) => answerPending(username, followerUri, "reject"),
    serveObject(json) {
      if (typeof json.id !== "string" || new URL(json.id).origin !== origin) throw new Error(`not an id on this peer: ${json.id}`);
      objects.set(json.id, json);
    },
    received,
    errors,
    waitForActivity: (predicate, timeoutMs = 10_000) =>
      waitFor(() => received.find(predicate), { timeoutMs, what: `an activity in the inbox of ${host}` }).catch((error: Error) => {
        // What did arrive is what tells a wrong activity from none at all.
        throw new Error(`${error.message}; received: ${received.map((r) => r.json.type).join(", ") || "nothing"}; errors: ${errors.join("; ") || "none"}`);
      }),
    async send(fromUsername, activity, inboxUrl) {
      return post(await signedRequest(fromUsername, (await activity.toJsonLd()) as Json, inboxUrl));
    },
    sendJson: async (fromUsername, json, inboxUrl, tamper) => post(await signedRequest(fromUsername, json, inboxUrl, tamper)),
    signedRequest,
    postUnsigned: (json, inboxUrl) => post(new Request(inboxUrl, { method: "POST", headers: { "content-type": ACTIVITY_JSON }, body: JSON.stringify(json) })),
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
