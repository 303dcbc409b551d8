import type { NextFunction, Request, Response } from "express";
import type { Federation } from "@fedify/fedify";
import type { FederationContextData } from "../fedify/federation.ts";
import { wantsActivityPub } from "./negotiation.ts";
import { OrderedCollection } from "@fedify/fedify/vocab";
import { INSTANCE_ACTOR_OUTBOX_PATH, INSTANCE_ACTOR_PATH, instanceActor, instanceActorUsername } from "../fedify/instance-actor.ts";

/**
 * GET /actor: the instance actor as ActivityPub JSON. Served here rather than through Fedify,
 * whose routes must have a variable. Anything but an ActivityPub request falls through (404).
 */
export function instanceActorHandler(federation: Federation<FederationContextData>, options: { baseUrl: string; contextData: FederationContextData }) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      if (!wantsActivityPub(req)) return next();
      const ctx = federation.createContext(new URL(req.originalUrl, options.baseUrl), options.contextData);
      const actor = await instanceActor(ctx);
      res.set("Vary", "Accept").type("application/activity+json").send(JSON.stringify(await actor.toJsonLd({ contextLoader: ctx.contextLoader })));
    } catch (error) {
      next(error);
    }
  };
}

/**
 * GET /actor/outbox: the instance actor posts nothing, so an empty OrderedCollection (Mastodon's
 * is empty too), as JSON whatever the Accept, like every ActivityPub collection Mastodon serves.
 */
export function instanceActorOutboxHandler(federation: Federation<FederationContextData>, options: { baseUrl: string; contextData: FederationContextData }) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const ctx = federation.createContext(new URL(req.originalUrl, options.baseUrl), options.contextData);
      const outbox = new OrderedCollection({ id: new URL(INSTANCE_ACTOR_OUTBOX_PATH, ctx.origin), totalItems: 0, items: [] });
      res.type("application/activity+json").send(JSON.stringify(await outbox.toJsonLd({ contextLoader: ctx.contextLoader })));
    } catch (error) {
      next(error);
    }
  };
}

/**
 * WebFinger for the instance actor, which has no account behind it: `acct:DOMAIN@DOMAIN` as Mastodon
 * answers it, the domain with or without its port on either side (so the preferredUsername at the
 * actor's host resolves too), and the actor URL itself. Every other resource goes on to Fedify.
 */
export function instanceActorWebFinger(baseUrl: string) {
  const { host, hostname } = new URL(baseUrl);
  const names = new Set([host, hostname].map((name) => name.toLowerCase()));
  const actorUrl = new URL(INSTANCE_ACTOR_PATH, baseUrl).href;
  const isInstanceActor = (resource: string) => {
    if (resource === actorUrl) return true;
    const acct = /^acct:([^@]+)@([^@]+)$/i.exec(resource);
    return !!acct && names.has(acct[1]!.toLowerCase()) && names.has(acct[2]!.toLowerCase());
  };
  return (req: Request, res: Response, next: NextFunction) => {
    const resource = req.query.resource;
    if (typeof resource !== "string" || !isInstanceActor(resource)) return next();
    res.type("application/jrd+json").send(
      JSON.stringify({
        subject: `acct:${instanceActorUsername(baseUrl)}@${host}`,
        aliases: [actorUrl],
        links: [
          { rel: "http://webfinger.net/rel/profile-page", type: "text/html", href: new URL("/about/more?instance_actor=true", baseUrl).href },
          { rel: "self", type: "application/activity+json", href: actorUrl },
        ],
      }),
    );
  };
}
