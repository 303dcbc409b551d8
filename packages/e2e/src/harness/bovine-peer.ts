import { execFileSync, spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createPrivateKey, webcrypto } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { signRequest } from "@fedify/fedify/sig";
import { freePort, waitFor } from "@starling/testkit";
import { REPO_ROOT } from "./processes.ts";

type Json = Record<string, any>;

/** An actor registered on the bovine peer, as bovine serves it, with the key its client signs with. */
export interface BovineActor {
  id: string;
  inbox: string;
  outbox: string;
  /** Its followers collection (bovine names collections at random, as it names endpoints). */
  followers: string;
  following: string;
  keyId: string;
  privateKey: webcrypto.CryptoKey;
}

/** One activity bovine's inbox accepted (its HTTP signature verified), as it arrived. */
export interface BovineReceived {
  recipient: string;
  activity: Json;
}

/**
 * bovine-herd (Python, PyPI): an ActivityPub server that shares no code with Starling or Fedify.
 * It has no Mastodon API; its users act through their outbox (ActivityPub client-to-server), which
 * the suite POSTs to, signed as the user, as bovine's own clients do.
 */
export interface BovinePeer {
  /** `localhost:<port>`, the domain of its WebFinger handles. */
  host: string;
  origin: string;
  actors: Record<string, BovineActor>;
  /** POSTs `activity` to the user's outbox; bovine gives it an id and delivers it. Returns that id. */
  post(handle: string, activity: Json): Promise<string>;
  /** GETs `url` signed as `handle` (bovine serves actors and objects only to signed requests). */
  get(handle: string, url: string): Promise<Json>;
  /** Every activity received so far, oldest first. */
  received(): Promise<BovineReceived[]>;
  /** The first received activity matching `predicate`, polled until it arrives. */
  waitFor(predicate: (activity: Json, received: BovineReceived) => boolean, what: string): Promise<Json>;
  /** The peer's output, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

const ACTIVITY_JSON = "application/activity+json";

/** The virtualenv's interpreter; scripts/bovine-herd.sh fails with how to install it when it is missing. */
const bovinePython = () => execFileSync("bash", [join(REPO_ROOT, "scripts/bovine-herd.sh"), "--python"], { encoding: "utf8" }).trim();

/** Starts bovine-herd on 127.0.0.1 on a free port with `handles` registered, each with a fresh key. */
export async function startBovinePeer(handles: string[]): Promise<BovinePeer> {
  const python = bovinePython();
  const port = await freePort();
  const host = `localhost:${port}`;
  const directory = await mkdtemp(join(tmpdir(), "bovine-peer-"));
  const child = spawn(python, [join(import.meta.dirname, "bovine-peer.py"), String(port), directory, ...handles], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stderr.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(directory, { recursive: true, force: true });
  };
  try {
    return await started();
  } catch (error) {
    await stop(); // a peer that failed to start leaves no process behind
    throw error;
  }

  async function started(): Promise<BovinePeer> {
    const registered = await new Promise<Record<string, Json>>((resolve, reject) => {
      let stdout = "";
      child.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes("\n")) resolve(JSON.parse(stdout.split("\n")[0]!));
      });
      child.once("exit", (code) => reject(new Error(`bovine-peer.py exited with ${code}:\n${output}`)));
    });
    const actors: Record<string, BovineActor> = {};
    for (const [handle, actor] of Object.entries(registered)) {
      const pem = createPrivateKey(actor.privateKeyPem).export({ type: "pkcs8", format: "der" });
      // Extractable: Fedify's signRequest refuses a key it cannot export.
      const privateKey = await webcrypto.subtle.importKey("pkcs8", pem, { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, true, ["sign"]);
      actors[handle] = { id: actor.id, inbox: actor.inbox, outbox: actor.outbox, followers: "", following: "", keyId: actor.publicKey.id, privateKey };
    }
    const origin = `http://${host}`;
    await waitFor(async () => (await fetch(`${origin}/.well-known/nodeinfo`).catch(() => null))?.ok, { timeoutMs: 30_000, intervalMs: 100, what: "bovine-herd listening" });

    const signed = (handle: string, url: string, init: RequestInit) => {
      const actor = actors[handle];
      if (!actor) throw new Error(`the bovine peer has no user ${handle}`);
      return signRequest(new Request(url, init), actor.privateKey, new URL(actor.keyId), { spec: "draft-cavage-http-signatures-12" });
    };
    const received = async (): Promise<BovineReceived[]> => {
      const text = await readFile(join(directory, "received.jsonl"), "utf8").catch(() => "");
      return text.split("\n").filter(Boolean).map((line) => JSON.parse(line));
    };

    const get = async (handle: string, url: string) => {
      const response = await fetch(await signed(handle, url, { headers: { accept: ACTIVITY_JSON } }));
      if (!response.ok) throw new Error(`GET ${url} answered ${response.status}\n${output}`);
      return (await response.json()) as Json;
    };
    // The collections are in the actor as its owner reads it. One at a time: once, two first signed
    // GETs sent together got a 401 (bovine was still resolving the signers' keys); one by one never did.
    for (const actor of Object.entries(actors)) {
      const own = await get(actor[0], actor[1].id);
      Object.assign(actor[1], { followers: own.followers, following: own.following });
    }

    return {
      host,
      origin,
      actors,
      async post(handle, activity) {
        const body = JSON.stringify({ "@context": "https://www.w3.org/ns/activitystreams", ...activity, actor: actors[handle]?.id });
        const response = await fetch(await signed(handle, actors[handle]!.outbox, { method: "POST", headers: { "content-type": ACTIVITY_JSON }, body }));
        if (response.status !== 201) throw new Error(`bovine's outbox answered ${response.status}: ${await response.text()}\n${output}`);
        return response.headers.get("location")!;
      },
      get,
      received,
      waitFor: (predicate, what) =>
        waitFor(async () => (await received()).find((r) => predicate(r.activity, r))?.activity, { timeoutMs: 30_000, intervalMs: 200, what: `${what} at bovine` }),
      output: () => output,
      stop,
    };
  }
}
