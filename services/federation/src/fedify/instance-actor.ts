import type { webcrypto } from "node:crypto";
import { Application, CryptographicKey, Endpoints } from "@fedify/fedify/vocab";
import type { Context } from "@fedify/fedify";
import type { Database } from "@starling/db";
import { actorKeyPairs } from "../use-cases/actor-key-pairs.ts";
import type { FederationContextData } from "./federation.ts";

/** Where the instance actor lives (Mastodon's path). */
export const INSTANCE_ACTOR_PATH = "/actor";

/** Its own inbox, which takes what the shared inbox takes, and its outbox, always empty (Mastodon's paths). */
export const INSTANCE_ACTOR_INBOX_PATH = `${INSTANCE_ACTOR_PATH}/inbox`;
export const INSTANCE_ACTOR_OUTBOX_PATH = `${INSTANCE_ACTOR_PATH}/outbox`;

/**
 * The actor_keys account id the instance actor's keys are stored under. Account ids are positive
 * snowflakes, so 0 never belongs to an account.
 */
export const INSTANCE_ACTOR_KEY_ID = "0";

const actorUri = (origin: string) => new URL(INSTANCE_ACTOR_PATH, origin);

/**
 * The instance actor's preferredUsername: the domain without its port, as Mastodon names it after
 * its domain. A port's colon is no username character, so servers resolving the actor through
 * WebFinger (GoToSocial, Mastodon) could not use `localhost:3300`.
 */
export const instanceActorUsername = (origin: string) => new URL(origin).hostname;

/**
 * The key fetches are signed with when no local user is behind them (resolving accounts and posts,
 * servers in authorized-fetch mode): pass it to `ctx.getDocumentLoader(identity)`.
 */
export async function instanceActorIdentity(ctx: Context<FederationContextData>): Promise<{ keyId: URL; privateKey: webcrypto.CryptoKey }> {
  return instanceActorSigningKey(ctx.data.db, ctx.origin);
}

/** The same identity where no Fedify context exists yet (the document loaders Fedify is built with). */
export async function instanceActorSigningKey(db: Database, origin: string): Promise<{ keyId: URL; privateKey: webcrypto.CryptoKey }> {
  const [rsa] = await actorKeyPairs(db, INSTANCE_ACTOR_KEY_ID);
  return { keyId: new URL("#main-key", actorUri(origin)), privateKey: rsa!.privateKey };
}

/** The instance actor: an Application named after the domain, as Mastodon serves it, with its RSA key. */
export async function instanceActor(ctx: Context<FederationContextData>): Promise<Application> {
  const id = actorUri(ctx.origin);
  const [rsa] = await actorKeyPairs(ctx.data.db, INSTANCE_ACTOR_KEY_ID);
  return new Application({
    id,
    preferredUsername: instanceActorUsername(ctx.origin),
    url: new URL("/about/more?instance_actor=true", ctx.origin),
    inbox: new URL(INSTANCE_ACTOR_INBOX_PATH, ctx.origin),
    outbox: new URL(INSTANCE_ACTOR_OUTBOX_PATH, ctx.origin),
    endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
    manuallyApprovesFollowers: true,
    publicKey: new CryptographicKey({ id: new URL("#main-key", id), owner: id, publicKey: rsa!.publicKey }),
  });
}
