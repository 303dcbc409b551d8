import type { NextFunction, Request, Response } from "express";
import type { Federation } from "@fedify/fedify";
import type { FederationContextData } from "../fedify/federation.ts";
import { instanceActor } from "../fedify/instance-actor.ts";

/**
 * GET /actor: the instance actor as ActivityPub JSON. Served here rather than through Fedify,
 * whose routes must have a variable. Anything but an ActivityPub request falls through (404).
 */
export function instanceActorHandler(federation: Federation<FederationContextData>, options: { baseUrl: string; contextData: FederationContextData }) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      if (!req.accepts(["application/activity+json", "application/ld+json"]) || req.accepts(["text/html", "application/activity+json", "application/ld+json"]) === "text/html") return next();
      const ctx = federation.createContext(new URL(req.originalUrl, options.baseUrl), options.contextData);
      const actor = await instanceActor(ctx);
      res.set("Vary", "Accept").type("application/activity+json").send(JSON.stringify(await actor.toJsonLd({ contextLoader: ctx.contextLoader })));
    } catch (error) {
      next(error);
    }
  };
}
