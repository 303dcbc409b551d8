import type { NextFunction, Request, Response } from "express";
import type { Federation } from "@fedify/fedify";
import { OrderedCollection } from "@fedify/fedify/vocab";
import { findRemoteActors } from "../data/remote-actors-queries.ts";
import { isUnder, urlPrefix } from "../domain/followers-synchronization.ts";
import { actorUrls } from "../fedify/actor-document.ts";
import { findLocalAccount, type FederationContextData } from "../fedify/federation.ts";
import { remoteFollowerIds } from "../outbound/addressing.ts";
import { webRequest } from "./fedify-bridge.ts";

/**
 * GET /users/:username/followers_synchronization, the list a Collection-Synchronization header
 * points at: an OrderedCollection of the account's followers on the requesting server (under the
 * scheme, host and port of the signing actor), never cached. Only signed requests are answered
 * (401 otherwise), as Mastodon requires a signing account whatever its fetch mode.
 */
export function followersSynchronizationHandler(federation: Federation<FederationContextData>, options: { baseUrl: string; data: FederationContextData }) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const account = await findLocalAccount(options.data, req.params.username as string);
      if (!account || account.username !== req.params.username) return next();
      const ctx = federation.createContext(webRequest(req, options.baseUrl), options.data);
      const signer = await ctx.getSignedKeyOwner().catch(() => null);
      const prefix = signer?.id ? urlPrefix(signer.id.href) : undefined;
      if (!prefix) {
        const signed = req.get("signature") !== undefined || req.get("signature-input") !== undefined;
        return void res.status(401).json({ error: signed ? "Verification failed" : "Request not signed" });
      }
      const followers = await findRemoteActors(options.data.db, await remoteFollowerIds(options.data, account.id));
      const items = followers.map((actor) => actor.uri).filter((uri) => isUnder(uri, prefix));
      const id = actorUrls(new URL(account.uri), options.baseUrl).followersSynchronization;
      const collection = new OrderedCollection({ id, totalItems: items.length, items: items.map((uri) => new URL(uri)) });
      res.set("Cache-Control", "max-age=0, private").type("application/activity+json").send(JSON.stringify(await collection.toJsonLd({ contextLoader: ctx.contextLoader })));
    } catch (error) {
      next(error);
    }
  };
}
